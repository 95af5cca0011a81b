import fc from "fast-check";
import { prose } from "./text";

// Template texts for the differential tests of the template parse's fast path (src/engine/template/
// parse-fast.ts): bodies of the subset it reads, with blanks and line breaks at every place the standalone
// rule looks (a block tag, an {{else}} or an include alone on its line, indented or not, at the start or the
// end of the text), and the same bodies mutated character by character, so that most of what the scanner
// meets is near its edges: a brace too many, a `~`, a backslash, a line break inside a tag, an unclosed tag.

const names = fc.constantFrom("a", "client", "mutual", "rows", "item", "x_1", "_y", "B2", "if", "each", "as", "else", "elsewhere", "true1", "1a", "12", "true", "null", "this");
const ids = fc.constantFrom("s1", "clause-1", "v1.2.3", "a..b", "x_y", "defined-terms-intro", "-bad", "12");
const blank = fc.constantFrom("", "", "", " ", "  ", "\t", " \t ");
const lineGap = fc.constantFrom("", "", "\n", "\n\n", " \n", "\n  ", "\n\t", "  \n  ", "\n \n");

const literal = fc.oneof(
  names,
  fc.constantFrom("@index", "@first", "@number", "@last", "@bogus", "42", "0", "007", "-1", "1.5", "true", "false"),
  prose.map((t) => `"${t}"`),
  prose.map((t) => `'${t}'`),
  fc.constantFrom('""', "''", '"a}}b"', '"it\'s"', "'say \"x\"'", '"a\\"b"'),
);

const expression: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: "small", maxDepth: 3 },
    { weight: 4, arbitrary: literal },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom("eq", "ne", "gt", "lt", "and", "or", "not", "bogus"), fc.array(fc.tuple(blank, tie("expr")), { maxLength: 3 }), blank, blank)
        .map(([helper, args, b1, b2]) => `(${b1}${helper}${args.map(([b, e]) => ` ${b}${e}`).join("")}${b2})`),
    },
  ),
})).expr;

const params = fc.array(fc.tuple(blank, expression), { maxLength: 3 }).map((list) => list.map(([b, e]) => ` ${b}${e}`).join(""));

/** A tag on its own (not a block): a value, data, a built-in, an include, a mustache with parameters. */
const singleTag = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(blank, names, blank).map(([b1, n, b2]) => `{{${b1}${n}${b2}}}`) },
  { weight: 1, arbitrary: fc.constantFrom("{{@index}}", "{{@number}}", "{{today}}", "{{page}}", "{{pagebreak}}", "{{toc}}") },
  { weight: 2, arbitrary: fc.tuple(blank, ids, blank).map(([b1, id, b2]) => `{{>${b1 || " "}${id}${b2}}}`) },
  { weight: 1, arbitrary: fc.tuple(ids, blank).map(([id, b]) => `{{> "${id}"${b}}}`) },
  { weight: 1, arbitrary: fc.tuple(expression, params).map(([e, p]) => `{{${e}${p}}}`) },
);

const text = fc.oneof(
  { weight: 6, arbitrary: prose },
  { weight: 3, arbitrary: fc.constantFrom("# Title", "- item", "1. one", "| a | b |", "**bold**", "} ", " {", "{x}", "}}", "\\", "a\\b", "“quoted”", "é", "👩‍👩‍👧") },
  { weight: 2, arbitrary: lineGap },
);

type Piece = string;

const body: fc.Arbitrary<Piece> = fc.letrec<{ body: Piece; piece: Piece }>((tie) => ({
  body: fc.array(tie("piece"), { maxLength: 8 }).map((p) => p.join("")),
  piece: fc.oneof(
    { depthSize: "small", maxDepth: 3, withCrossShrink: true },
    { weight: 6, arbitrary: text },
    { weight: 4, arbitrary: fc.tuple(lineGap, blank, singleTag, blank, lineGap).map((p) => p.join("")) },
    {
      weight: 3,
      arbitrary: fc
        .record({
          name: fc.constantFrom("if", "unless", "each", "note", "with", "if"),
          head: params,
          before: fc.tuple(lineGap, blank).map((p) => p.join("")),
          after: fc.tuple(blank, lineGap).map((p) => p.join("")),
          main: tie("body"),
          chain: fc.array(fc.record({ kind: fc.constantFrom("if", "unless", "each"), head: params, gap: lineGap, body: tie("body") }), { maxLength: 2 }),
          otherwise: fc.option(fc.tuple(blank, lineGap, tie("body")), { nil: undefined }),
          close: fc.tuple(lineGap, blank).map((p) => p.join("")),
        })
        .map(({ name, head, before, after, main, chain, otherwise, close }) => {
          const links = chain.map((c) => `${c.gap}{{else ${c.kind}${c.head}}}${c.body}`).join("");
          const last = otherwise ? `{{${otherwise[0]}else${otherwise[0]}}}${otherwise[1]}${otherwise[2]}` : "";
          return `${before}{{#${name}${head}}}${after}${main}${links}${last}${close}{{/${name}}}${after}`;
        }),
    },
  ),
})).body;

/** A body of the subset the fast path reads (it may still hold what makes the fast path decline). */
export const subsetTemplate = body;

const edits = fc.constantFrom(
  "{", "}", "{{", "}}", "~", "\\", "!", "#", "/", "^", ">", "&", "*", "=", ".", "|", "(", ")", "\"", "'", "@", "[", "]",
  "\n", "\r", "\r\n", " ", "\t", "\u2028", "\u00a0", "\u0000", "\uFDD0", "-", "a", "1", "else", "as |x|", "{{!c}}", "{{!--c--}}",
  "{{~", "~}}", "\\{{", "{{{", "}}}", "{{^}}", "{{else}}", "{{/if}}", "{{#if a}}",
);

/** A subset body with a few characters inserted, deleted or repeated. */
export const mutatedTemplate = fc
  .tuple(
    subsetTemplate,
    fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom("insert", "delete", "repeat"), edits, fc.nat(4)), { minLength: 1, maxLength: 3 }),
  )
  .map(([source, changes]) => {
    let out = source;
    for (const [where, kind, piece, size] of changes) {
      const at = Math.floor(where * out.length);
      if (kind === "insert") out = out.slice(0, at) + piece + out.slice(at);
      else if (kind === "delete") out = out.slice(0, at) + out.slice(at + size + 1);
      else out = out.slice(0, at) + out.slice(at, at + size + 1).repeat(2) + out.slice(at + size + 1);
    }
    return out;
  });
