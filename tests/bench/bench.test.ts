// The benchmark's own machinery: its fixtures are deterministic, every contender's output passes the
// output check (and a short document fails it), and its generated libraries are valid. Figures are not
// tested here — benchmarks are scripts (npm run bench), not timed tests.

import { describe, expect, it } from "@jest/globals";
import { parseLibrary } from "../../src/engine";
import { CONTENDERS } from "../../bench/engine/contenders";
import type { ContenderKey } from "../../bench/engine/contenders/types";
import { verifyDocx } from "../../bench/engine/verify";
import { benchDocument, createFormatters, expected, PARAGRAPHS_PER_SECTION } from "../../bench/fixtures/document";
import { benchAssembly, benchLibrary } from "../../bench/fixtures/sectionsmith";
import { benchMarkdown } from "../../bench/fixtures/markdown";
import { mailMerge } from "../../bench/fixtures/mail-merge";
import { exportDocument } from "../../src/engine";
import { searchLibrary } from "../../bench/search/library";
import { median, p95, quantile } from "../../bench/lib/stats";

describe("bench fixtures", () => {
  it("are deterministic, and a smaller fixture is a prefix of a larger one", () => {
    expect(benchDocument(3)).toEqual(benchDocument(3));
    expect(benchDocument(5).slice(0, 3)).toEqual(benchDocument(3));
    expect(benchDocument(2)[0]).not.toEqual(benchDocument(2)[1]);
  });

  it("make a valid Sectionsmith library", () => {
    const parsed = parseLibrary(benchLibrary(benchDocument(4)));
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && parsed.value.snippets.map((s) => s.id)).toEqual(["clause-1", "clause-2", "clause-3", "clause-4"]);
  });

  it("make valid search libraries of the size asked, with several versions of some ids", () => {
    const parsed = parseLibrary(searchLibrary(300));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.snippets).toHaveLength(300);
    expect(new Set(parsed.value.snippets.map((s) => s.id)).size).toBeLessThan(300);
  });
});

describe("the CLI's and the batch's fixtures", () => {
  it("write the document as plain Markdown: a blank line before each table, footnote labels unique", () => {
    const md = benchMarkdown(benchDocument(3));
    expect(md.match(/\n\n\| Item \| Quantity \| Price \|/g)).toHaveLength(3);
    const labels = [...md.matchAll(/^\[\^(\w+)\]:/gm)].map((m) => m[1]);
    expect(labels).toHaveLength(6);
    expect(new Set(labels).size).toBe(6);
    expect(md).not.toContain("{{");
  });

  it("make a batch of the same snippets with other values, the same every run, that the engine builds whole", async () => {
    const base = benchDocument(2);
    expect(mailMerge(base, 7)).toEqual(mailMerge(base, 7));
    const [a, b] = [mailMerge(base, 1), mailMerge(base, 2)];
    expect(a.map((s) => s.title)).toEqual(b.map((s) => s.title));
    expect(a[0]!.values).not.toEqual(b[0]!.values);
    const built = await exportDocument(benchLibrary(base), benchAssembly(a), { as: "buffer" });
    expect(built.warnings).toEqual([]);
    const v = await verifyDocx(built.output, expected(a, createFormatters()));
    expect(v.failures).toEqual([]);
  });
});

describe("contenders", () => {
  const sections = benchDocument(3);
  const base = expected(sections, createFormatters());

  for (const key of Object.keys(CONTENDERS) as ContenderKey[]) {
    it(`${key} writes the whole document`, async () => {
      const c = CONTENDERS[key];
      const bytes = await c.run(await c.prepare(sections), () => undefined);
      const v = await verifyDocx(bytes, c.adjust ? c.adjust(base, sections) : base);
      expect(v.failures).toEqual([]);
      expect(v.found.tables).toBe(3);
    }, 60_000);
  }

  it("give the engine a library object it has not seen before every timed run", async () => {
    const engine = CONTENDERS.engine as import("../../bench/engine/contenders/types").Contender<{ library: unknown; assembly: unknown }>;
    const input = await engine.prepare(sections);
    const fresh = engine.fresh!(input);
    expect(fresh.library).not.toBe(input.library);
    expect(fresh.library).toEqual(input.library);
  });

  it("the output check fails a document with a section missing", async () => {
    const floor = CONTENDERS.floor;
    const bytes = await floor.run(await floor.prepare(sections.slice(0, 2)), () => undefined);
    const v = await verifyDocx(bytes, base);
    expect(v.ok).toBe(false);
    expect(v.failures).toContain(`paragraphs ${2 * PARAGRAPHS_PER_SECTION} ≠ ${3 * PARAGRAPHS_PER_SECTION}`);
    expect(v.failures.some((f) => f.startsWith("missing text"))).toBe(true);
  });
});

describe("stats", () => {
  it("takes medians and nearest-rank percentiles", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(9);
    expect(p95(Array.from({ length: 100 }, (_, i) => i + 1))).toBe(95);
  });
});
