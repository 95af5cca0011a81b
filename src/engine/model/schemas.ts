import { assemblySchemaOf } from "./schema-assembly";
import { librarySchemas } from "./schema-library";

// The engine's public zod schemas (index.ts exports them through model/index.ts). They are made when this
// module loads, and only the public index loads it: the engine's own parsing makes them on first need
// (librarySchemas(), assemblySchemaOf()), which a valid file never has (fast-parse.ts). The same objects
// either way. /* @__PURE__ */: a bundle of the public index that uses none of them leaves them out.

const libraryOf = () => librarySchemas().librarySchema;
const snippetOf = () => librarySchemas().snippetSchema;
const variableOf = () => librarySchemas().variableSchema;

export const librarySchema = /* @__PURE__ */ libraryOf();
export const snippetSchema = /* @__PURE__ */ snippetOf();
export const variableSchema = /* @__PURE__ */ variableOf();
export const assemblySchema = /* @__PURE__ */ assemblySchemaOf();
