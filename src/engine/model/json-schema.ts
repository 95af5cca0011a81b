import { z } from "zod";
import { assemblySchema, librarySchema } from "./schemas";

// JSON Schemas (draft 2020-12) for editors, generated from the same zod schemas the parsers use,
// so the two cannot drift apart. schemas/*.schema.json are these, written by `npm run schemas`
// (a test fails when the files are out of date).
//
// Objects get "additionalProperties": false so that editors underline a misspelt field. VS Code
// shows schema violations as warnings, which matches the parsers (an unknown field is a warning).
// The input side of the schemas is used: fields with defaults are optional, and show the default.

export const SCHEMA_BASE_URL = "https://sectionsmith.dev/schemas/";

type JsonSchema = Record<string, unknown>;

function toJsonSchema(schema: z.ZodType, id: string): JsonSchema {
  const generated = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
    override: (ctx) => {
      const json = ctx.jsonSchema as JsonSchema;
      if (ctx.zodSchema instanceof z.ZodObject && json.additionalProperties === undefined) json.additionalProperties = false;
      // zod bounds whole numbers by the safe-integer range; that says nothing to a person.
      if (json.maximum === Number.MAX_SAFE_INTEGER) delete json.maximum;
      if (json.minimum === Number.MIN_SAFE_INTEGER) delete json.minimum;
    },
  }) as JsonSchema;
  const { $schema, ...rest } = generated;
  return { $schema, $id: SCHEMA_BASE_URL + id, ...rest };
}

export const libraryJsonSchema: JsonSchema = toJsonSchema(librarySchema, "library.schema.json");
export const assemblyJsonSchema: JsonSchema = toJsonSchema(assemblySchema, "assembly.schema.json");
