// One Insert, one package — and several only past the host's size limit (Word on the web: 4 MB),
// the later packages continuing the numbering of the earlier ones with explicit start values.
import JSZip from "jszip";
import { describe, expect, it } from "@jest/globals";
import * as engine from "../../src/engine";
import { buildInsert } from "../../src/taskpane/hooks/build-pieces";
import { DEFAULT_SETTINGS, type OutlineSection } from "../../src/taskpane/model/document";
import { base64ByteLength } from "../../src/office/word-host";
import { png } from "../engine/limits/helpers";

/** A PNG whose pixel data is random (incompressible): `kb` kilobytes that the package cannot shrink. */
function noisyPng(kb: number, seed: number): string {
  const bytes = png(64, 64, kb * 1024, (payload) => {
    let x = seed >>> 0 || 1; // xorshift32
    for (let i = 0; i < payload.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      payload[i] = x & 0xff;
    }
  });
  return `data:image/png;base64,${Buffer.from(bytes).toString("base64")}`;
}

const lib = {
  format: "sectionsmith/library@1",
  snippets: [1, 2, 3].map((n) => ({
    id: `part${n}`,
    title: `Part ${n}`,
    status: "approved",
    body: `![figure ${n}](${noisyPng(60, n)})\n\n1. item ${n}a\n2. item ${n}b`,
  })),
};
const section = (n: number, numbering: "restart" | "continue" = "restart"): OutlineSection => ({
  key: `k${n}`,
  snippet: `part${n}`,
  title: `Part ${n}`,
  values: {},
  headingOffset: 0,
  pageBreakBefore: false,
  numbering,
});
const ctx = {
  engine,
  catalogue: engine.loadLibraries([lib], ["lib.json"]),
  doc: { sections: [section(1), section(2, "continue"), section(3, "continue")], settings: DEFAULT_SETTINGS },
  lookup: () => undefined,
  onProgress: () => undefined,
};

const partOf = async (base64: string, name: string) =>
  (await JSZip.loadAsync(Buffer.from(base64, "base64"))).file(name)!.async("string");

describe("buildInsert", () => {
  it("builds one package for the whole outline when it fits", async () => {
    const built = await buildInsert(ctx, undefined);
    expect(built.pieces).toHaveLength(1);
    const doc = await partOf(built.pieces[0]!.base64, "word/document.xml");
    expect(doc.match(/<w:sdt>/g)).toHaveLength(3);
    expect(built.pieces[0]).toMatchObject({ hasControls: true, title: "Sections 1–3" });
  });

  it("splits past the limit into packages that fit, carrying the count: 1 2 | 3 4 | 5 6", async () => {
    const whole = await buildInsert(ctx, undefined);
    expect(base64ByteLength(whole.pieces[0]!.base64)).toBeGreaterThan(150_000);
    const built = await buildInsert(ctx, 100_000);
    expect(built.pieces.map((p) => p.title)).toEqual(["Part 1", "Part 2", "Part 3"]);
    for (const piece of built.pieces) expect(base64ByteLength(piece.base64)).toBeLessThanOrEqual(100_000);
    const starts = [];
    for (const piece of built.pieces) {
      const doc = await partOf(piece.base64, "word/document.xml");
      expect(doc.match(/<w:tag w:val="[^"]+"\/>/g)).toHaveLength(1);
      const numbering = await partOf(piece.base64, "word/numbering.xml");
      starts.push(/<w:lvl w:ilvl="0"[^>]*><w:start w:val="(\d+)"\/>/.exec(numbering)![1]);
    }
    expect(starts).toEqual(["1", "3", "5"]);
  });
});

describe("buildInsert split with cross-references", () => {
  it("a later package's {{ref}} to a heading of an earlier package is a field to that package's bookmark", async () => {
    const refLib = {
      format: "sectionsmith/library@1",
      snippets: [
        { id: "part1", title: "Part 1", status: "approved", body: `# Fees\n\n![f](${noisyPng(60, 1)})` },
        {
          id: "part2",
          title: "Part 2",
          status: "approved",
          body: `# Notices\n\n![g](${noisyPng(60, 2)})\n\nAs "{{ref "part1" "text"}}" says.`,
        },
      ],
    };
    const built = await buildInsert(
      {
        ...ctx,
        catalogue: engine.loadLibraries([refLib], ["refs.json"]),
        doc: { sections: [section(1), section(2)], settings: DEFAULT_SETTINGS },
      },
      100_000,
    );
    expect(built.pieces).toHaveLength(2);
    const first = await partOf(built.pieces[0]!.base64, "word/document.xml");
    const second = await partOf(built.pieces[1]!.base64, "word/document.xml");
    const bookmark = /<w:bookmarkStart [^>]*w:name="(_Ref_part1_[0-9a-z]+)"/.exec(first)?.[1];
    expect(bookmark).toBeDefined();
    expect(second).toContain(` REF ${bookmark} \\h `);
    expect(second).toContain(">Fees</w:t>");
    expect(second).not.toContain(`w:name="${bookmark}"`);
  });
});

describe("continueTags: the sections that can continue a list at the cursor", () => {
  const tagsIn = async (base64: string) =>
    [...(await partOf(base64, "word/document.xml")).matchAll(/<w:tag w:val="([^"]+)"/g)].map((m) => m[1]);

  it("are the run of “continue” sections at the start of the outline, tagged as in the package", async () => {
    const leading = {
      ...ctx,
      doc: {
        ...ctx.doc,
        sections: [section(1, "continue"), section(2, "continue"), section(3), section(1, "continue")],
      },
    };
    const built = await buildInsert(leading, undefined);
    expect(built.pieces[0]!.continueTags).toEqual(["sectionsmith:part1@1", "sectionsmith:part2@1"]);
    expect(await tagsIn(built.pieces[0]!.base64)).toEqual(
      expect.arrayContaining(built.pieces[0]!.continueTags!),
    );
  });

  it("are none when the outline starts with a section that restarts", async () => {
    const built = await buildInsert(ctx, undefined);
    expect(built.pieces[0]!.continueTags).toBeUndefined();
  });

  it("follow their sections into the packages of a split insert", async () => {
    const all = {
      ...ctx,
      doc: { ...ctx.doc, sections: [section(1, "continue"), section(2, "continue"), section(3, "continue")] },
    };
    const built = await buildInsert(all, 100 * 1024);
    expect(built.pieces.length).toBeGreaterThan(1);
    const tags = built.pieces.map((p) => p.continueTags ?? []);
    expect(tags.flat()).toEqual(["sectionsmith:part1@1", "sectionsmith:part2@1", "sectionsmith:part3@1"]);
    for (const [i, piece] of built.pieces.entries())
      for (const tag of tags[i]!) expect(await tagsIn(piece.base64)).toContain(tag);
  });
});
