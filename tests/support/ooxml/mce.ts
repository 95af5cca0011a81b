// Markup Compatibility (ECMA-376 Part 3) resolved as a consumer that understands only ECMA-376 would.
// Mirrors /work/shared/ooxml/validate-docx (mce_preprocess) so both checkers agree:
// - namespaces named in any mc:Ignorable anywhere in the part are ignorable for the whole part;
// - mc:AlternateContent is replaced by the children of the first mc:Choice whose Requires are all
//   understood, else by the children of mc:Fallback, else by nothing (validate-docx always takes the
//   Fallback; the two differ only for a Choice requiring ECMA namespaces, which nobody writes);
// - elements in ignorable namespaces are dropped with their content (mc:ProcessContent is not
//   honoured, as in validate-docx); attributes in ignorable namespaces or the mc namespace are dropped.
// The input tree is not modified: reference checks read the original.

import { NS, UNDERSTOOD_NAMESPACES } from "./namespaces";
import { attr, type XmlAttr, type XmlElement, type XmlNode } from "./xml-lite";

type Scope = ReadonlyMap<string, string>;

function extend(scope: Scope, el: XmlElement): Scope {
  if (el.nsDecls.length === 0) return scope;
  const next = new Map(scope);
  for (const [p, uri] of el.nsDecls) next.set(p, uri);
  return next;
}

function ignorableNamespaces(root: XmlElement): Set<string> {
  const found = new Set<string>();
  const visit = (el: XmlElement, parentScope: Scope) => {
    const scope = extend(parentScope, el);
    const value = attr(el, NS.mc, "Ignorable");
    if (value) {
      for (const prefix of value.split(/\s+/)) {
        const uri = prefix ? scope.get(prefix) : undefined;
        if (uri) found.add(uri);
      }
    }
    for (const c of el.children) if (c.kind === "element") visit(c, scope);
  };
  visit(root, new Map());
  return found;
}

function isMc(el: XmlElement, local: string): boolean {
  return el.ns === NS.mc && el.local === local;
}

export function resolveMarkupCompatibility(root: XmlElement): XmlElement {
  const ignorable = ignorableNamespaces(root);

  const transform = (el: XmlElement, parentScope: Scope, inherited: Array<[string, string]>): XmlNode[] => {
    const scope = extend(parentScope, el);
    if (isMc(el, "AlternateContent")) {
      const branch = chooseBranch(el, scope);
      if (!branch) return [];
      const branchScope = extend(scope, branch);
      // Hoisted children may rely on declarations made on the removed wrappers.
      const carried = mergeDecls(mergeDecls(inherited, el.nsDecls), branch.nsDecls);
      return branch.children.flatMap((c) =>
        c.kind === "element" ? transform(c, branchScope, carried) : [c],
      );
    }
    if (ignorable.has(el.ns) && el !== root) return [];
    // Unchanged subtrees are shared, not copied: most of a part needs no compatibility processing.
    let children: XmlNode[] = el.children;
    for (let i = 0; i < el.children.length; i++) {
      const c = el.children[i] as XmlNode;
      const mapped = c.kind === "element" ? transform(c, scope, []) : [c];
      if (children === el.children && (mapped.length !== 1 || mapped[0] !== c))
        children = el.children.slice(0, i);
      if (children !== el.children) children.push(...mapped);
    }
    const dropAttr = (a: XmlAttr) => a.ns === NS.mc || ignorable.has(a.ns);
    const attrs = el.attrs.some(dropAttr) ? el.attrs.filter((a) => !dropAttr(a)) : el.attrs;
    if (children === el.children && attrs === el.attrs && inherited.length === 0) return [el];
    return [{ ...el, nsDecls: mergeDecls(inherited, el.nsDecls), attrs, children }];
  };

  const [out] = transform(root, new Map(), []);
  return out as XmlElement;
}

function chooseBranch(alt: XmlElement, scope: Scope): XmlElement | undefined {
  let fallback: XmlElement | undefined;
  for (const c of alt.children) {
    if (c.kind !== "element") continue;
    if (isMc(c, "Choice")) {
      const choiceScope = extend(scope, c);
      const requires = (attr(c, "", "Requires") ?? "").split(/\s+/).filter(Boolean);
      const understood = requires.every((p) => {
        const uri = choiceScope.get(p);
        return uri !== undefined && UNDERSTOOD_NAMESPACES.has(uri);
      });
      if (requires.length > 0 && understood) return c;
    } else if (isMc(c, "Fallback") && !fallback) {
      fallback = c;
    }
  }
  return fallback;
}

/** Declarations of `inner` win over `outer` for the same prefix. */
function mergeDecls(outer: Array<[string, string]>, inner: Array<[string, string]>): Array<[string, string]> {
  if (outer.length === 0) return inner;
  if (inner.length === 0) return outer;
  const own = new Set(inner.map(([p]) => p));
  return [...outer.filter(([p]) => !own.has(p)), ...inner];
}
