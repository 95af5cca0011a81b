// The proofing language, read back by LibreOffice (issue 29): the German proposal (examples/proposal,
// locale de-DE) says de-DE — as a standalone document through its run defaults, and as the fragment
// inserted into an English (en-US) host document on the Word insertion model, where the host's run
// defaults stay (insertion-model.ts, rule 1) and only the runs' own <w:lang> can say so. The host's own
// text stays en-US.

import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "@jest/globals";
import { exportDocument } from "../../src/engine";
import { convertDocx } from "../support/libreoffice";
import { expectValidDocx } from "../support/ooxml-check";
import { HOST, hostDocx } from "./support/host-docx";
import { insertFragment } from "./support/insertion-model";
import { OdtLanguages } from "./support/odt-language";

const TODAY = new Date("2026-11-22T12:00:00Z");
const readJson = async (path: string) => JSON.parse(await readFile(path, "utf8")) as unknown;

// Texts of the proposal: the subtitle, text with values, body text, a list item. None is the first
// paragraph of a section: LibreOffice (7.4) reads a fragment's section content control (<w:sdt>) as an
// input field in its first paragraph and drops that paragraph's run formatting, <w:lang> included, so
// it cannot say what language such a paragraph has (seen in its .fodt: <text:text-input>, no style).
const GERMAN = [
  "Angebot Nr. 2027-031",
  "für Brandt Maschinenbau GmbH",
  "möchte die über zwanzig Jahre gewachsene ERP-Landschaft",
  "Aufnahme der Kernprozesse in Workshops",
];

let standalone: OdtLanguages;
let merged: OdtLanguages;

beforeAll(async () => {
  const library = await readJson("examples/proposal/library.json");
  const assembly = await readJson("examples/proposal/assembly.json");
  const build = async (shape: "document" | "fragment") =>
    new Uint8Array((await exportDocument(library, assembly, { as: "buffer", today: TODAY, shape })).output);
  const [document, fragment, host] = await Promise.all([build("document"), build("fragment"), hostDocx()]);
  const inserted = (await insertFragment(host, fragment)).bytes;
  await Promise.all([document, inserted].map((d) => expectValidDocx(d)));
  const [a, b] = await convertDocx([document, inserted], "fodt");
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  standalone = new OdtLanguages(decode(a!));
  merged = new OdtLanguages(decode(b!));
}, 180_000);

describe("the German proposal, as LibreOffice reads it", () => {
  it.each(GERMAN)("standalone: %s is de-DE", (text) => expect(standalone.languageOf(text)).toBe("de-DE"));

  it.each(GERMAN)("inserted into an English document: %s is de-DE", (text) =>
    expect(merged.languageOf(text)).toBe("de-DE"),
  );

  it("inserted: the host's own text stays in the host's language", () => {
    expect(merged.languageOf(HOST.heading)).toBe(HOST.language);
    expect(merged.languageOf(HOST.listItems[0])).toBe(HOST.language);
  });
});
