import { parseMarkdown as engineParse } from "../../../src/engine/markdown/parse";
import type { Root } from "mdast";
import type { Snippet, Values, Variable } from "../../../src/engine/model/types";
import { expandTemplate } from "../../../src/engine/template";
import type { ExpandResult, SnippetLookup } from "../../../src/engine/template";

export const v = (name: string, type: Variable["type"], extra: Partial<Variable> = {}): Variable => ({
  name,
  type,
  required: false,
  ...extra,
});

export const vars = (...list: Variable[]): Map<string, Variable> => new Map(list.map((x) => [x.name, x]));

export const snippet = (id: string, body: string, variables: Variable[] = [], version = 1): Snippet => ({
  id,
  version,
  title: id,
  tags: [],
  status: "approved",
  kind: "body",
  variables,
  body,
});

/** A lookup over snippets stored as `snippets[i]`. */
export function libraryLookup(snippets: Snippet[]): SnippetLookup {
  return (id) => {
    const i = snippets.findIndex((s) => s.id === id);
    return i < 0 ? undefined : { snippet: snippets[i] as Snippet, path: `snippets[${i}]` };
  };
}

export const noLookup: SnippetLookup = () => undefined;

export type ExpandOptions = {
  variables?: Map<string, Variable>;
  values?: Values;
  lookup?: SnippetLookup;
  locale?: string;
  snippetId?: string;
  path?: string;
};

export function expand(body: string, o: ExpandOptions = {}): ExpandResult {
  return expandTemplate({
    body,
    path: o.path ?? "snippets[0].body",
    snippetId: o.snippetId,
    variables: o.variables ?? new Map(),
    values: o.values ?? {},
    valuesPath: "sections[0].values",
    lookup: o.lookup ?? noLookup,
    locale: o.locale ?? "en-US",
    today: new Date(2026, 10, 22, 12, 0, 0),
  });
}

/** Expands and insists on no problems, returning the Markdown. */
export function md(body: string, o: ExpandOptions = {}): string {
  const result = expand(body, o);
  if (result.problems.length > 0) throw new Error(`unexpected problems: ${JSON.stringify(result.problems)}`);
  return result.markdown;
}

/** The engine's own Markdown parser: escaping is checked against exactly what renders. */
export const parseMarkdown = (markdown: string): Root => engineParse(markdown);

/** Types of the top-level blocks and of every node below, depth first ("root" excluded). */
export function nodeTypes(markdown: string): string[] {
  const out: string[] = [];
  const visit = (node: { type: string; children?: unknown[] }): void => {
    out.push(node.type);
    for (const child of (node.children ?? []) as Array<{ type: string; children?: unknown[] }>) visit(child);
  };
  for (const child of parseMarkdown(markdown).children) visit(child);
  return out;
}
