// Schema validation with xmllint-wasm (libxml2 compiled to WebAssembly).
// Every validateXML call starts a worker and compiles the schemas (~0.5 s for WordprocessingML +
// DrawingML), and the package has no way to keep a compiled schema alive. So: one umbrella schema
// importing every namespace a part's root can be in (libxml2 picks the declaration by root element),
// and all parts of all documents waiting at that moment go into ONE run (see ooxml-check.ts).

import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { memoryPages, validateXML, type XMLFileInfo } from "xmllint-wasm";
import { NS, shortenNames } from "./namespaces";

const XSD_DIR = fileURLToPath(new URL("../../fixtures/ooxml/xsd/", import.meta.url));

// The core-properties schema imports Dublin Core by URL; the fixtures carry local stand-ins.
const DUBLIN_CORE_URL = /http:\/\/dublincore\.org\/schemas\/xmls\/qdc\/2003\/04\/02\//g;

const UMBRELLA = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:import namespace="${NS.xml}" schemaLocation="stubs/xml.xsd"/>
  <xs:import namespace="${NS.w}" schemaLocation="wml.xsd"/>
  <xs:import namespace="${NS.a}" schemaLocation="dml-main.xsd"/>
  <xs:import namespace="${NS.cp}" schemaLocation="opc-coreProperties.xsd"/>
  <xs:import namespace="${NS.ep}" schemaLocation="shared-documentPropertiesExtended.xsd"/>
  <xs:import namespace="${NS.custom}" schemaLocation="shared-documentPropertiesCustom.xsd"/>
  <xs:import namespace="${NS.ct}" schemaLocation="opc-contentTypes.xsd"/>
  <xs:import namespace="${NS.rel}" schemaLocation="opc-relationships.xsd"/>
</xs:schema>
`;

let preload: XMLFileInfo[] | undefined;

function schemaFiles(): XMLFileInfo[] {
  if (preload) return preload;
  const files: XMLFileInfo[] = [];
  for (const sub of ["", "stubs/"]) {
    for (const name of readdirSync(XSD_DIR + sub).filter((n) => n.endsWith(".xsd"))) {
      const text = readFileSync(XSD_DIR + sub + name, "utf8").replace(DUBLIN_CORE_URL, "stubs/");
      files.push({ fileName: `xsd/${sub}${name}`, contents: text });
    }
  }
  preload = files;
  return files;
}

export type SchemaInput = { fileName: string; xml: string; pathOfLine: (line: number) => string; part: string };

/** Validates the inputs in one xmllint run; returns messages per input fileName and the run's time. */
export async function validateWithSchemas(inputs: SchemaInput[]): Promise<{ errors: Map<string, string[]>; ms: number }> {
  const errors = new Map<string, string[]>(inputs.map((i) => [i.fileName, []]));
  if (inputs.length === 0) return { errors, ms: 0 };
  const byName = new Map(inputs.map((i) => [i.fileName, i]));
  const started = performance.now();
  const totalChars = inputs.reduce((n, i) => n + i.xml.length, 0);
  let output: string;
  try {
    const result = await validateXML({
      xml: inputs.map((i) => ({ fileName: i.fileName, contents: i.xml })),
      schema: [{ fileName: "xsd/umbrella.xsd", contents: UMBRELLA }],
      preload: schemaFiles(),
      initialMemoryPages: 512,
      // Room for the DOMs of all parts at once: ~12 bytes of wasm heap per input byte is plenty.
      maxMemoryPages: Math.min(memoryPages.max, Math.max(2048, Math.ceil((totalChars * 12) / 65536) + 1024)),
    });
    output = result.rawOutput;
  } catch (e) {
    // Exit codes other than "valid"/"invalid" (a parser error, a schema error) reject with stderr.
    output = (e as Error).message;
    if (!/:\d+: /.test(output)) {
      for (const list of errors.values()) list.push(`(schema validation did not run) ${output.slice(0, 500)}`);
      return { errors, ms: performance.now() - started };
    }
  }
  for (const line of output.split("\n")) {
    const m = /^(.+?):(\d+): (.*)$/.exec(line);
    if (!m) continue;
    const input = byName.get(m[1] ?? "");
    if (!input) continue;
    const lineNo = Number(m[2]);
    const path = input.pathOfLine(lineNo);
    const message = (m[3] ?? "").replace(/^.*?(Schemas validity error|parser error|Schemas parser error) : /, "");
    const list = errors.get(input.fileName)!;
    if (list.length < 20) list.push(`${path}: ${shortenNames(message)}`);
    else if (list.length === 20) list.push("… further schema errors left out");
  }
  return { errors, ms: performance.now() - started };
}
