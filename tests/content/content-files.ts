// Loading the shipped content (examples and the starter library) and reading text back out of a built .docx.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import JSZip from "jszip";

const root = fileURLToPath(new URL("../../", import.meta.url));

export const EXAMPLES = ["contract", "proposal", "letter"] as const;
export type ExampleName = (typeof EXAMPLES)[number];

export const readJson = (path: string): unknown => JSON.parse(readFileSync(root + path, "utf8"));
export const exampleLibrary = (name: ExampleName): unknown => readJson(`examples/${name}/library.json`);
export const exampleAssembly = (name: ExampleName): unknown => readJson(`examples/${name}/assembly.json`);
export const starterLibrary = (): unknown => readJson("assets/starter-library.json");

const decode = (s: string): string =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** The text of every paragraph in a part, in order: w:t runs joined, w:tab as a tab, w:br as a newline. */
export function paragraphTexts(xml: string): string[] {
  return xml
    .split(/<\/w:p>/)
    .map((p) =>
      [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>|<w:br\/>/g)]
        .map((m) => (m[0] === "<w:tab/>" ? "\t" : m[0] === "<w:br/>" ? "\n" : decode(m[1] ?? "")))
        .join(""),
    )
    .filter((t) => t !== "");
}

export async function docxParts(bytes: Uint8Array): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(bytes);
  const parts = new Map<string, string>();
  for (const name of Object.keys(zip.files))
    if (name.endsWith(".xml") || name.endsWith(".rels"))
      parts.set(name, await zip.file(name)!.async("string"));
  return parts;
}

/** Paragraph texts of the main document, headers, footers, footnotes or comments ("word/header" matches header1.xml …). */
export function textOf(parts: Map<string, string>, prefix: string): string[] {
  return [...parts].filter(([name]) => name.startsWith(prefix)).flatMap(([, xml]) => paragraphTexts(xml));
}
