// Reads and writes the values each section was built with (section-values.ts) in the document's custom
// XML part in Sectionsmith's namespace (Word.CustomXmlPartCollection, WordApi 1.4). One part holds every
// section: a write reads what is there, merges, and replaces it, so the document keeps one part however
// many inserts it has seen; extra parts of the namespace (documents pieced together) are folded into it.
import { toHostError } from "./word-errors";
import type { WordRun } from "./word-insert";
import {
  decodeSectionValues,
  encodeSectionValues,
  mergeSectionValues,
  VALUES_NAMESPACE,
  type ReadValues,
  type StoredValues,
} from "./section-values";

async function readParts(context: Word.RequestContext) {
  const parts = context.document.customXmlParts.getByNamespace(VALUES_NAMESPACE);
  parts.load("items/id");
  await context.sync();
  const xmls = parts.items.map((part) => part.getXml());
  await context.sync();
  return { parts: parts.items, read: mergeSectionValues(xmls.map((x) => decodeSectionValues(x.value))) };
}

export async function readSectionValues(run: WordRun): Promise<ReadValues> {
  try {
    return await run(async (context) => (await readParts(context)).read);
  } catch (error) {
    throw toHostError(error, "reading the values stored in the document");
  }
}

export async function writeSectionValues(run: WordRun, entries: Record<string, StoredValues>): Promise<void> {
  if (Object.keys(entries).length === 0) return;
  try {
    await run(async (context) => {
      const { parts, read } = await readParts(context);
      const xml = encodeSectionValues({ ...read.sections, ...entries });
      const [first, ...extra] = parts;
      if (first) first.setXml(xml);
      else context.document.customXmlParts.add(xml);
      for (const part of extra) part.delete();
      await context.sync();
    });
  } catch (error) {
    throw toHostError(error, "storing the section's values in the document");
  }
}
