import { assemblySchemaOf } from "./schema-assembly";
import { librarySchemas } from "./schema-library";

// The engine's public zod schemas (index.ts exports them through model/index.ts), made when this module
// loads; the engine's own parsing makes the same objects on first need (librarySchemas(),
// assemblySchemaOf()). /* @__PURE__ */: a bundle that uses none of them leaves them out.

const libraryOf = () => librarySchemas().librarySchema;
const snippetOf = () => librarySchemas().snippetSchema;
const variableOf = () => librarySchemas().variableSchema;

export const librarySchema = /* @__PURE__ */ libraryOf();
export const snippetSchema = /* @__PURE__ */ snippetOf();
export const variableSchema = /* @__PURE__ */ variableOf();
export const assemblySchema = /* @__PURE__ */ assemblySchemaOf();
