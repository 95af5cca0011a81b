import fc from "fast-check";
import { noteText } from "./text";

// Template bodies as trees (so blocks are balanced and names exist) rendered against the variables a
// snippet declares; and, for hostile cases, a soup of tags that may be unbalanced, unknown or wrong.

export type TemplateNode =
  | { k: "md"; text: string }
  | { k: "value"; pick: number }
  | { k: "builtin"; tag: "today" | "page" | "pages" | "pagebreak" | "toc" | "index" }
  | { k: "include"; pick: number; standalone: boolean }
  | { k: "if"; negate: boolean; compare: number; pick: number; then: TemplateNode[]; otherwise?: TemplateNode[] }
  | { k: "each"; pick: number; body: TemplateNode[]; empty?: TemplateNode[] }
  | { k: "note"; text: string; body: TemplateNode[] };

/** What a body may refer to: the snippet's variables by type, and the snippets it may include. */
export type TemplateContext = {
  scalars: string[];
  flags: string[];
  lists: Array<{ name: string; fields: string[] }>;
  includes: string[];
};

export const templateTree = (markdown: fc.Arbitrary<string>, maxDepth = 3): fc.Arbitrary<TemplateNode[]> => {
  const { nodes } = fc.letrec<{ node: TemplateNode; nodes: TemplateNode[] }>((tie) => ({
    nodes: fc.array(tie("node"), { maxLength: 6 }),
    node: fc.oneof(
      { depthSize: "small", maxDepth, withCrossShrink: true },
      { weight: 8, arbitrary: markdown.map((text) => ({ k: "md" as const, text })) },
      { weight: 4, arbitrary: fc.nat(50).map((pick) => ({ k: "value" as const, pick })) },
      { weight: 1, arbitrary: fc.constantFrom("today", "page", "pages", "pagebreak", "toc", "index").map((tag) => ({ k: "builtin" as const, tag: tag as "today" })) },
      { weight: 1, arbitrary: fc.record({ k: fc.constant("include" as const), pick: fc.nat(50), standalone: fc.boolean() }) },
      {
        weight: 2,
        arbitrary: fc.record(
          { k: fc.constant("if" as const), negate: fc.boolean(), compare: fc.nat(6), pick: fc.nat(50), then: tie("nodes"), otherwise: tie("nodes") },
          { requiredKeys: ["k", "negate", "compare", "pick", "then"] },
        ),
      },
      { weight: 2, arbitrary: fc.record({ k: fc.constant("each" as const), pick: fc.nat(50), body: tie("nodes"), empty: tie("nodes") }, { requiredKeys: ["k", "pick", "body"] }) },
      { weight: 1, arbitrary: fc.record({ k: fc.constant("note" as const), text: noteText, body: tie("nodes") }) },
    ),
  }));
  return nodes;
};

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);

/** Renders a tree as a body that uses only what `ctx` declares (so it builds, values permitting). */
export function renderTemplate(nodes: readonly TemplateNode[], ctx: TemplateContext, loops: string[][] = []): string {
  const fields = loops[loops.length - 1];
  const scalar = (n: number): string | undefined =>
    fields && fields.length > 0 && n % 2 === 0 ? pick(fields, n) : pick(ctx.scalars, n) ?? pick(ctx.flags, n);
  return nodes
    .map((node): string => {
      switch (node.k) {
        case "md": {
          // Template braces in Markdown text would be tags: escape them as the contract says (dropping
          // backslashes before them, which would escape the escape), and keep a trailing backslash
          // from escaping the next tag.
          const text = node.text.replace(/\\+(?=\{\{)/g, "").replace(/\{\{/g, "\\{{");
          return text.endsWith("\\") ? `${text} ` : text;
        }
        case "value": {
          const name = scalar(node.pick);
          return name ? `{{${name}}}` : "";
        }
        case "builtin":
          if (node.tag === "pagebreak" || node.tag === "toc") return `\n\n{{${node.tag}}}\n\n`;
          if (node.tag === "index") return fields ? "{{@index}}" : "";
          return `{{${node.tag}}}`;
        case "include": {
          const id = pick(ctx.includes, node.pick);
          if (!id) return "";
          return node.standalone ? `\n\n{{> ${id}}}\n\n` : ` {{> ${id}}} `;
        }
        case "if": {
          const flag = pick(ctx.flags, node.pick);
          const name = scalar(node.pick) ?? flag;
          if (!name) return renderTemplate(node.then, ctx, loops);
          const conditions = [
            flag ?? name,
            `(eq ${name} "x")`,
            `(ne ${name} 1)`,
            `(not ${name})`,
            `(and ${name} ${flag ?? name})`,
            `(or ${name} (gt ${name} 2))`,
            `(lt ${name} "m")`,
          ];
          const condition = conditions[node.compare % conditions.length]!;
          const block = node.negate ? "unless" : "if";
          const otherwise = node.otherwise ? `{{else}}${renderTemplate(node.otherwise, ctx, loops)}` : "";
          return `{{#${block} ${condition}}}${renderTemplate(node.then, ctx, loops)}${otherwise}{{/${block}}}`;
        }
        case "each": {
          const list = pick(ctx.lists, node.pick);
          if (!list) return renderTemplate(node.body, ctx, loops);
          const empty = node.empty ? `{{else}}${renderTemplate(node.empty, ctx, loops)}` : "";
          return `{{#each ${list.name}}}${renderTemplate(node.body, ctx, [...loops, list.fields])}${empty}{{/each}}`;
        }
        case "note":
          return `{{#note "${node.text}"}}${renderTemplate(node.body, ctx, loops)}{{/note}}`;
      }
    })
    .join("");
}

const TAGS = [
  "{{", "}}", "{{{", "}}}", "{{name}}", "{{client}}", "{{nope}}", "{{#if mutual}}", "{{#if}}", "{{else}}", "{{else if mutual}}",
  "{{/if}}", "{{#unless mutual}}", "{{/unless}}", "{{#each items}}", "{{#each client}}", "{{/each}}", "{{@index}}", "{{@first}}",
  "{{@bogus}}", "{{> s1}}", "{{> s0}}", "{{> missing}}", "{{> (dynamic)}}", "{{#> partial}}x{{/partial}}", "{{#note \"n\"}}",
  "{{#note}}", "{{/note}}", "{{pagebreak}}", "\n{{pagebreak}}\n", "{{toc}}", "{{page}}", "{{pages}}", "{{today}}", "{{{client}}}",
  "{{&client}}", "{{! comment }}", "{{!-- long comment --}}", "{{!-- unclosed", "\\{{client}}", "\\\\{{client}}", "{{this}}",
  "{{../client}}", "{{client.name}}", "{{client/name}}", "{{#with client}}", "{{/with}}", "{{#if (eq client \"x\")}}",
  "{{#if (eq)}}", "{{#if (bogus client)}}", "{{#if (and mutual (not mutual) (or mutual mutual))}}", "{{eq client 1}}",
  "{{client key=value}}", "{{#each items as |x|}}", "{{*decorator}}", "{{#*inline \"x\"}}{{/inline}}", "{{~client~}}",
  "{{#if mutual~}}", "{{~/if}}", "{{^}}", "{{^mutual}}", "{{/mutual}}", "{{{{raw}}}}", "{{{{/raw}}}}", "{{client", "{{#if mutual",
  "{{'single'}}", "{{\"string\"}}", "{{42}}", "{{true}}", "{{null}}", "{{undefined}}", "{{ }}", "{{#}}", "{{/}}", "{{>}}",
] as const;

/** A soup of template tags and text: balanced or not, known or not. */
export const tagSoup = (markdown: fc.Arbitrary<string>) =>
  fc.array(fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...TAGS) }, { weight: 3, arbitrary: markdown }), { maxLength: 16 }).map((p) => p.join(""));
