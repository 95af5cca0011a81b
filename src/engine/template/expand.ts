import type { AST } from "@handlebars/parser";
import type { ProblemCode } from "../errors/codes";
import { pathJoin, problem, type Problem, type ProblemPlace } from "../errors/problem";
import { escapeUrlComponent, escapeValue, inLinkAddress } from "./escape";
import { dataValue, evaluate, loopFrames, resolveName, type Frame } from "./evaluate";
import { formatToday, formatValue, isTruthy } from "./format";
import { MarkdownBuilder, type Origin } from "./builder";
import { parseTemplate } from "./parse";
import { anchorMark, refMark, S_PAGE, S_PAGEBREAK, S_PAGES, S_TOC, type RefForm } from "../markdown/sentinels";
import { SourceText } from "./source-text";
import { walkStatic } from "./static";
import { cycleFrom, CYCLE_SEARCH_VISITS } from "./include-graph";
import { ALONE_TAGS, BUILTINS, includeId, isRefTag, simpleName, startOf } from "./tags";
import type { ExpandInput, ExpandResult } from "./types";
import { gapProblems, type Gap } from "./gaps";
import { HOLE_WINDOW, holeFor } from "./holes";
import { isEmptyValue } from "../model/values";
import { createExpandBudget, EXPANDED_SIZE_PAGES, expandedCost, formatCount, MAX_EXPANDED_SIZE, MAX_SECTION_EXPANDED_SIZE, SECTION_EXPANDED_SIZE_PAGES, MAX_INCLUDE_DEPTH, MAX_TEMPLATE_STEPS, type ExpandBudget } from "../limits";

type Body = { src: SourceText; index: number };

/**
 * Where the text left in a ContentStatement starts. Handlebars' standalone and `~` rules only trim
 * blanks off the two ends of `original`, so `value` is a slice of it; find which slice.
 */
function contentOffset(src: SourceText, node: AST.ContentStatement): number {
  const base = startOf(src, node);
  const original = String(node.original);
  const value = node.value;
  if (value === original) return base;
  const fits = (a: number): boolean =>
    a >= 0 &&
    original.startsWith(value, a) &&
    /^\s*$/.test(original.slice(0, a)) &&
    /^\s*$/.test(original.slice(a + value.length));
  const candidates = [
    /^[ \t]*\r?\n?/.exec(original)?.[0].length ?? 0,
    original.length - original.trimStart().length,
    0,
    original.length - value.length,
  ];
  return base + (candidates.find(fits) ?? 0);
}

class Expander {
  private readonly sources: SourceText[] = [];
  private readonly out = new MarkdownBuilder(this.sources);
  private readonly problems: Problem[] = [];
  private readonly problemKeys = new Set<string>();
  private readonly notes: string[] = [];
  private readonly includes: string[] = [];
  /** The template's own variables written out (in the branches taken), whatever their value. */
  private readonly used = new Set<string>();
  /** Values written out (in the branches taken) that are missing or blank (gaps.ts). */
  private readonly gaps: Gap[] = [];
  /** The escaped values written as holes (holes.ts), by index. */
  private readonly holes: string[] = [];
  /** Bodies statically checked, by text, each with the paths and loop fields it was checked under. */
  private readonly checked = new Map<string, Set<string>>();
  /** Ids of the snippets being expanded, outermost first (for cycle detection). */
  private readonly stack: string[] = [];
  /** What the whole document may still spend (shared by its sections; see limits.ts). */
  private readonly budget: ExpandBudget;
  /** Set when the budget ran out: nothing more is expanded. */
  private stopped = false;
  /**
   * Includes of existing snippets seen by the static pass, with the snippets being expanded there; those
   * the expansion never reaches (untaken branches) are searched for cycles at the end (unreached()).
   */
  private readonly unexpanded: Array<{ id: string; src: SourceText; offset: number; stack: string[] }> = [];
  /** "path|offset" of every include the expansion reached. */
  private readonly reached = new Set<string>();
  /** What this expansion (one section, header or footer) may still write: MAX_SECTION_EXPANDED_SIZE. */
  private sectionSize = MAX_SECTION_EXPANDED_SIZE;

  constructor(private readonly input: ExpandInput) {
    this.budget = input.budget ?? createExpandBudget();
  }

  run(): ExpandResult {
    if (this.input.snippetId !== undefined) this.stack.push(this.input.snippetId);
    this.body(this.input.body, this.input.path, [], this.input.place);
    this.unreached();
    const { markdown, map } = this.out.finish();
    for (const gap of gapProblems(this.gaps, markdown, this.input.usedIn, this.holes)) this.report(gap.code, gap.message, gap.src, gap.offset);
    return {
      markdown,
      map,
      notes: this.notes,
      includes: this.includes,
      holes: this.holes,
      used: [...this.used],
      problems: this.problems,
    };
  }

  private report(code: ProblemCode, message: string, src: SourceText, offset: number): void {
    const where = src.position(offset);
    const key = `${code}|${src.path}|${where.line}|${where.column}|${message}`;
    if (this.problemKeys.has(key)) return;
    this.problemKeys.add(key);
    this.problems.push(problem({ code, message, path: src.path, ...where, ...(src.place ? { place: src.place } : {}) }));
  }

  /** Parses, statically checks (once per body and loop depth) and expands one body. */
  private body(text: string, path: string, frames: Frame[], place?: ProblemPlace): void {
    const src = new SourceText(text, path, place && { ...place, path: "body" });
    const body: Body = { src, index: this.sources.push(src) - 1 };
    const parsed = parseTemplate(text);
    if (!parsed.ok) {
      this.report(parsed.failure.code, parsed.failure.message, src, parsed.failure.offset);
      return;
    }
    // Keyed by the text itself (its hash is kept with the string), not by a key string that copies it.
    const checkKey = `${path}|${frames.map((f) => [...f.fields.keys()].join(",")).join("/")}`;
    let checkedAs = this.checked.get(text);
    if (checkedAs === undefined) this.checked.set(text, (checkedAs = new Set()));
    if (!checkedAs.has(checkKey)) {
      checkedAs.add(checkKey);
      walkStatic(
        {
          src,
          variables: this.input.variables,
          // Names must be declared, as `validate` says: assembly-wide values are shared by every
          // section, so a value existing somewhere does not make an undeclared name right here.
          isKnown: () => false,
          report: (code, message, offset) => this.report(code, message, src, offset),
          // Every include, in branches taken or not, is checked as `validate` checks it: a missing or
          // self-including {{> id}} inside a false {{#if}} fails the build too (the same problem, with
          // the same message, as when the include is reached; report() keeps one of each).
          include: (id, offset) => {
            if (this.stack.includes(id)) {
              const chain = [...this.stack.slice(this.stack.indexOf(id)), id].join(" → ");
              this.report("TEMPLATE_INCLUDE_CYCLE", `including "${id}" makes a cycle: ${chain}`, src, offset);
            } else if (!this.input.lookup(id)) {
              this.report("TEMPLATE_INCLUDE_NOT_FOUND", `no snippet "${id}" in the library`, src, offset);
            } else {
              this.unexpanded.push({ id, src, offset, stack: [...this.stack] });
            }
          },
        },
        parsed.program,
        frames.map((f) => f.fields),
      );
    }
    this.program(parsed.program, body, frames);
  }

  /**
   * Cycles through includes the expansion never reached (a → b inside a false {{#if}}, b → a): `validate`
   * reports them (on a and on b), so the build does too, with the same code, at the untaken {{> b}}.
   * One search budget per expansion, as validate has one per body.
   */
  private unreached(): void {
    const budget = { visits: CYCLE_SEARCH_VISITS };
    for (const { id, src, offset, stack } of this.unexpanded) {
      if (this.reached.has(`${src.path}|${offset}`)) continue;
      const cycle = cycleFrom(id, stack, this.input.lookup, budget);
      if (!cycle) continue;
      // The chain starts where the cycle closes: a snippet being expanded here ("makes a cycle", as
      // validate says it), or one further down ("leads into", reported by validate on that snippet).
      const made = stack.includes(cycle[0]!) ? "makes a cycle" : "leads into a cycle";
      this.report(
        "TEMPLATE_INCLUDE_CYCLE",
        `including "${id}" ${made}: ${cycle.join(" → ")}`,
        src,
        offset,
      );
    }
  }

  private program(program: AST.Program | undefined, body: Body, frames: Frame[]): void {
    for (const node of program?.body ?? []) this.statement(node, body, frames);
  }

  private origin(body: Body, offset: number, literal = false): Origin {
    return { source: body.index, offset, literal };
  }

  /**
   * Takes one step from the budget; false (and the expansion stops, with one LIMIT_TEMPLATE_WORK for
   * the whole document) when there is none left. Every statement and every loop iteration is a step,
   * so loops inside loops cannot run away even when their bodies write nothing.
   */
  private step(body: Body, offset: number): boolean {
    if (this.stopped || this.budget.exhausted) {
      this.stopped = true;
      return false;
    }
    if (--this.budget.steps >= 0) return true;
    this.exhaust(
      "LIMIT_TEMPLATE_WORK",
      `expanding the templates of this document takes more than ${formatCount(MAX_TEMPLATE_STEPS)} steps (this is where it ran out); look for {{#each}} over long lists inside other loops, or a snippet included many times`,
      body,
      offset,
    );
    return false;
  }

  /** Writes expanded text, charging it (or what it stands for: a hole's value) to the budget's size (see expandedCost). */
  private write(text: string, origin: Origin, body: Body, charged = text): void {
    if (this.stopped) return;
    const cost = expandedCost(charged);
    this.budget.size -= cost;
    this.sectionSize -= cost;
    if (this.sectionSize < 0) {
      this.exhaust(
        "LIMIT_EXPANDED_SIZE",
        `this section expands to more text than Sectionsmith builds in one section (${formatCount(MAX_SECTION_EXPANDED_SIZE)}: characters plus a weight per line, list item, cell, link and mark-up, ${SECTION_EXPANDED_SIZE_PAGES}; this is where it ran out); split it into several sections, or look for a snippet included many times or a loop over a long list`,
        body,
        origin.offset,
      );
      return;
    }
    if (this.budget.size < 0) {
      this.exhaust(
        "LIMIT_EXPANDED_SIZE",
        `this document expands to more text than Sectionsmith builds at once (${formatCount(MAX_EXPANDED_SIZE)}: characters plus a weight per line, list item, cell, link and mark-up, ${EXPANDED_SIZE_PAGES}; this is where it ran out); split it into several assemblies, or look for a snippet included many times`,
        body,
        origin.offset,
      );
      return;
    }
    this.out.write(text, origin);
  }

  private exhaust(code: ProblemCode, message: string, body: Body, offset: number): void {
    if (!this.budget.exhausted) this.report(code, message, body.src, offset);
    this.budget.exhausted = true;
    this.stopped = true;
  }

  private statement(node: AST.Statement, body: Body, frames: Frame[]): void {
    if (!this.step(body, startOf(body.src, node))) return;
    switch (node.type) {
      case "ContentStatement": {
        const content = node as AST.ContentStatement;
        if (content.value !== "")
          this.write(content.value, this.origin(body, contentOffset(body.src, content), true), body);
        return;
      }
      case "MustacheStatement":
        this.mustache(node as AST.MustacheStatement, body, frames);
        return;
      case "BlockStatement":
        this.block(node as AST.BlockStatement, body, frames);
        return;
      case "PartialStatement":
        this.include(node as AST.PartialStatement, body, frames);
        return;
      default:
      // Comments are dropped; unsupported constructs were reported by the static pass.
    }
  }

  private mustache(node: AST.MustacheStatement, body: Body, frames: Frame[]): void {
    if (node.path.type === "PathExpression" && node.params.length > 0) {
      this.reference(node, body);
      return;
    }
    if (node.path.type !== "PathExpression") return;
    const path = node.path as AST.PathExpression;
    const at = this.origin(body, startOf(body.src, node));
    if (path.data) {
      const value = dataValue(String(path.parts[0]), frames);
      if (value !== undefined)
        this.writeValue(typeof value === "boolean" ? (value ? "Yes" : "No") : String(value), at, body);
      return;
    }
    const name = simpleName(path);
    if (name === undefined) return;
    if (BUILTINS.has(name)) {
      if (name === "page") this.write(S_PAGE, at, body);
      else if (name === "pages") this.write(S_PAGES, at, body);
      else if (name === "today")
        this.writeValue(formatToday(this.input.today, this.input.locale), at, body);
      else if (ALONE_TAGS.has(name)) this.write(`\n\n${name === "toc" ? S_TOC : S_PAGEBREAK}\n\n`, at, body);
      return;
    }
    const found = resolveName(name, frames, this.input.variables, this.input.values);
    if (found === undefined) return;
    const declared = found.variable === this.input.variables.get(name);
    if (declared) this.used.add(name);
    if (found.value === undefined || isEmptyValue(found.value)) {
      const missing = declared && found.value === undefined;
      this.gaps.push({ name, variable: found.variable, missing, at: this.out.size(), src: body.src, offset: at.offset });
    }
    if (found.value === undefined) return;
    this.writeValue(formatValue(found.variable, found.value, this.input.locale), at, body);
  }

  /** {{ref "target" ["text"|"page"]}} and {{anchor "name"}}: marks the renderer makes fields and bookmarks of. */
  private reference(node: AST.MustacheStatement, body: Body): void {
    const name = (node.path as AST.PathExpression).original;
    const [first, second] = node.params.map((p) => (p.type === "StringLiteral" ? (p as AST.StringLiteral).value : undefined));
    if (!isRefTag(name) || first === undefined || first === "") return;
    const at = this.origin(body, startOf(body.src, node));
    if (name === "anchor") this.write(anchorMark(first), at, body);
    else this.write(refMark((second ?? "number") as RefForm, first, this.out.size()), at, body);
  }

  /** A placeholder for an escaped value written after `before`, where one is sound (holes.ts). */
  private hole(escaped: string, before: string): string | undefined {
    if (this.out.inBrackets() || this.out.inAngle()) return undefined;
    return holeFor(this.holes.length, escaped, before, this.out.size() <= before.length);
  }

  /**
   * A value as Markdown text, or percent-encoded when it lands inside a link address (escape.ts); as a
   * hole where the caller asked for holes and one is sound (holes.ts).
   */
  private writeValue(text: string, at: Origin, body: Body): void {
    const before = this.out.tail(HOLE_WINDOW);
    // After a blank the value starts a new word, which is never inside a link address (escape.ts).
    if (!this.out.endsWithBlank() && inLinkAddress(before)) {
      this.write(escapeUrlComponent(text), at, body);
      return;
    }
    const escaped = escapeValue(text);
    const hole = this.input.holes ? this.hole(escaped, before) : undefined;
    if (hole === undefined) this.write(escaped, at, body);
    else {
      this.holes.push(escaped);
      this.write(hole, at, body, escaped);
    }
  }

  private block(node: AST.BlockStatement, body: Body, frames: Frame[]): void {
    const { variables, values } = this.input;
    const name = node.path.original;
    if (name === "if" || name === "unless") {
      const [condition] = node.params;
      const truth = condition !== undefined && isTruthy(evaluate(condition, frames, variables, values));
      this.program(truth !== (name === "unless") ? node.program : node.inverse, body, frames);
    } else if (name === "each") {
      const [param] = node.params;
      const listName = param?.type === "PathExpression" ? simpleName(param as AST.PathExpression) : undefined;
      const found = listName === undefined ? undefined : resolveName(listName, frames, variables, values);
      const items = found ? loopFrames(found.variable, found.value) : [];
      if (items.length === 0) this.program(node.inverse, body, frames);
      const at = startOf(body.src, node);
      for (const item of items) {
        if (!this.step(body, at)) return;
        this.program(node.program, body, [...frames, item]);
      }
    } else if (name === "note") {
      const [text] = node.params;
      const index =
        this.notes.push(text?.type === "StringLiteral" ? (text as AST.StringLiteral).value : "") - 1;
      const at = this.origin(body, startOf(body.src, node));
      this.out.noteStart(index, at);
      this.program(node.program, body, frames);
      this.out.noteEnd(index, at);
    }
  }

  private include(node: AST.PartialStatement, body: Body, frames: Frame[]): void {
    const id = includeId(body.src, node);
    if (id === undefined) return;
    const offset = startOf(body.src, node);
    this.reached.add(`${body.src.path}|${offset}`);
    if (this.stack.includes(id)) {
      const chain = [...this.stack.slice(this.stack.indexOf(id)), id].join(" → ");
      this.report("TEMPLATE_INCLUDE_CYCLE", `including "${id}" makes a cycle: ${chain}`, body.src, offset);
      return;
    }
    const depth = this.stack.length - (this.input.snippetId === undefined ? 0 : 1) + 1;
    if (depth > MAX_INCLUDE_DEPTH) {
      const chain = [...this.stack, id].join(" → ");
      this.report(
        "LIMIT_INCLUDE_DEPTH",
        `including "${id}" here nests includes ${depth} deep (${chain}); at most ${MAX_INCLUDE_DEPTH} are allowed: include the inner snippets from an outer one directly`,
        body.src,
        offset,
      );
      // The build fails on it: expanding the rest of the include tree would only repeat it (for every
      // path that reaches this depth) and cost time.
      this.stopped = true;
      return;
    }
    const found = this.input.lookup(id);
    if (!found) {
      this.report("TEMPLATE_INCLUDE_NOT_FOUND", `no snippet "${id}" in the library`, body.src, offset);
      return;
    }
    const key = `${found.snippet.id}@${found.snippet.version}`;
    if (!this.includes.includes(key)) this.includes.push(key);
    // A standalone {{> id}} (alone on its line) is a block: its text is indented like the tag and ends its line.
    const end = body.src.offsetOf(node.loc.end.line, node.loc.end.column);
    const standalone = body.src.aloneOnLine(offset, end);
    const at = this.origin(body, offset);
    const before = this.out.size();
    if (standalone) this.out.pushIndent(node.indent ?? "", at);
    this.stack.push(id);
    this.body(found.snippet.body, pathJoin(found.path, "body"), frames, found.place);
    this.stack.pop();
    if (standalone) {
      if (this.out.size() > before && !this.out.endsWithNewline()) this.write("\n", at, body);
      this.out.popIndent();
    }
  }
}


/**
 * Expands a template into Markdown with sentinels (see sentinels.ts). Values are formatted for the
 * locale and escaped so they are always literal text. Problems (unknown variables, missing includes,
 * syntax errors…) are returned, never thrown; the Markdown is still produced as far as possible.
 */
export function expandTemplate(input: ExpandInput): ExpandResult {
  return new Expander(input).run();
}
