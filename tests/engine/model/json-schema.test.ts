import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, test } from "@jest/globals";
import contractAssembly from "./fixtures/contract-assembly.json";
import contractLibrary from "./fixtures/contract-library.json";
import { assemblyJsonSchema, libraryJsonSchema } from "../../../src/engine/model/json-schema";
import { expectWithMessage } from "../../support/expect-message";

// A real JSON Schema 2020-12 validator, to check the generated schemas the way editors use them.
// ajv 8 is not a direct dependency: it is resolved through ajv-formats, which depends on it.
type Validate = ((data: unknown) => boolean) & { errors?: unknown };
type AjvInstance = { compile(schema: object): Validate };
const fromFormats = createRequire(createRequire(import.meta.url).resolve("ajv-formats/package.json"));
const Ajv2020 = (fromFormats("ajv/dist/2020") as { default: new (o: object) => AjvInstance }).default;
const addFormats = (createRequire(import.meta.url)("ajv-formats") as { default: (a: AjvInstance) => void })
  .default;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validateLibrary = ajv.compile(libraryJsonSchema);
const validateAssembly = ajv.compile(assemblyJsonSchema);

const root = join(import.meta.dirname, "..", "..", "..");

describe("schema files", () => {
  test.each([
    ["library.schema.json", libraryJsonSchema],
    ["assembly.schema.json", assemblyJsonSchema],
  ])("schemas/%s is current (else run: npm run schemas)", (file, schema) => {
    const written = readFileSync(join(root, "schemas", file), "utf8");
    expectWithMessage(written, `schemas/${file} is out of date: run npm run schemas`).toBe(
      JSON.stringify(schema, null, 2) + "\n",
    );
  });

  test("draft 2020-12 with ids, titles and field descriptions", () => {
    expect(libraryJsonSchema).toMatchObject({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "https://sectionsmith.dev/schemas/library.schema.json",
      title: "Sectionsmith library",
    });
    expect(assemblyJsonSchema.$id).toBe("https://sectionsmith.dev/schemas/assembly.schema.json");
    type Node = { properties: Record<string, Node>; items: Node; description?: string; pattern?: string };
    const snippet = (libraryJsonSchema as unknown as Node).properties.snippets!.items;
    expect(snippet.properties.title?.description).toContain("1–200");
    expect(snippet.properties.id?.pattern).toBe("^[a-z0-9][a-z0-9._-]{0,99}$");
  });
});

describe("the schemas accept what the parsers accept", () => {
  test("the contract's examples", () => {
    expectWithMessage(validateLibrary(contractLibrary), JSON.stringify(validateLibrary.errors)).toBe(true);
    expectWithMessage(validateAssembly(contractAssembly), JSON.stringify(validateAssembly.errors)).toBe(true);
  });

  test('a "$schema" key', () => {
    expect(validateLibrary({ ...contractLibrary, $schema: "../schemas/library.schema.json" })).toBe(true);
    expect(validateAssembly({ ...contractAssembly, $schema: "../schemas/assembly.schema.json" })).toBe(true);
  });

  test("minimal files that rely on defaults", () => {
    expect(
      validateLibrary({ format: "sectionsmith/library@1", snippets: [{ id: "a", title: "A", body: "" }] }),
    ).toBe(true);
    expect(validateAssembly({ format: "sectionsmith/assembly@1", sections: [{ snippet: "a" }] })).toBe(true);
  });
});

describe("the schemas flag what editors should underline", () => {
  test.each([
    ["a misspelt field", { titel: "x" }],
    ["a bad id", { id: "Bad!" }],
    ["an unknown status", { status: "aproved" }],
    ["version 0", { version: 0 }],
    ["a nested list", { variables: [{ name: "l", type: "list", fields: [{ name: "x", type: "list" }] }] }],
    ["a lowercase currency", { variables: [{ name: "c", type: "currency", currency: "eur" }] }],
  ])("library: %s", (_name, change) => {
    const snippet = { ...contractLibrary.snippets[0], ...change };
    expect(validateLibrary({ ...contractLibrary, snippets: [snippet] })).toBe(false);
  });

  test.each([
    ["a header with snippet and text", { header: { snippet: "a", text: "b" } }],
    ["a margin without unit", { page: { margins: { top: "25" } } }],
    ["no sections", { sections: [] }],
    ["a heading offset of 9", { sections: [{ snippet: "a", headingOffset: 9 }] }],
    ["a colour name", { theme: { headingColor: "navy" } }],
  ])("assembly: %s", (_name, change) => {
    expect(validateAssembly({ ...contractAssembly, ...change })).toBe(false);
  });
});
