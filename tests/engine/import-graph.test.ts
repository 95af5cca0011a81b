import { describe, expect, it } from "@jest/globals";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

// The engine has no runtime import circle (issue 24): a module that is part of a circle runs before the
// modules it imports have finished loading, so what it reads of them at load time may not exist yet, and
// which one runs first depends on who imports the circle first. Type-only imports are erased and do not
// count; import() does. Read with TypeScript's own parser, so no import can hide from a regular expression.

const ENGINE = resolve(__dirname, "../../src/engine");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The engine files a file imports at run time (relative specifiers only: packages are not the engine). */
export function runtimeImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const add = (specifier: ts.Expression | undefined): void => {
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith(".")) return;
    const base = resolve(dirname(file), specifier.text);
    const found = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((p) => existsSync(p));
    if (!found) throw new Error(`${relative(ENGINE, file)}: cannot resolve ${specifier.text}`);
    out.push(found);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) add(node.moduleSpecifier);
    } else if (ts.isExportDeclaration(node)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) add(node.moduleSpecifier);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Every circle of the graph (Tarjan's strongly connected components of more than one module, or a self-import). */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return out;
}

describe("the engine's import graph", () => {
  it("finds circles: a test of the finder itself", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e"]],
    ]);
    expect(circles(graph)).toEqual([["a", "b", "c"], ["e"]]);
    // Type-only imports and exports are left out; values, re-exports and import() are kept.
    const source = [
      'import type { A } from "./core";',
      'import { type B } from "./limits";',
      'import { append } from "./append";',
      'export { fileLimitProblems } from "./limits-check";',
      'export type { Problem } from "./errors/problem";',
      'const later = () => import("./assemble/export");',
    ].join("\n");
    const at = (spec: string) => join(ENGINE, `${spec}.ts`);
    expect(runtimeImports(join(ENGINE, "x.ts"), source)).toEqual([at("append"), at("limits-check"), at("assemble/export")]);
    expect(() => runtimeImports(join(ENGINE, "x.ts"), 'import { y } from "./no-such-file";')).toThrow(/cannot resolve/);
  });

  it("has no runtime import circle", () => {
    const graph = new Map<string, string[]>();
    for (const file of filesUnder(ENGINE)) graph.set(file, runtimeImports(file, readFileSync(file, "utf8")));
    expect(graph.size).toBeGreaterThan(50);
    const found = circles(graph).map((c) => c.map((f) => relative(ENGINE, f)).join(" → "));
    expect(found).toEqual([]);
  });
});
