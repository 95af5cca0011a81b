import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";

// The server's answers against its own /openapi.json: every answer a server test receives (helpers.ts
// routes each request through here) must be one the document describes for that operation — its status,
// its media type, the headers it marks required, a JSON body its schema accepts (ajv, JSON Schema
// 2020-12 as OpenAPI 3.1 uses) — and an error's code must be one the status's description names. A
// request to a path or method the document does not have may only be refused.

type Header = { required?: boolean };
type Response = {
  description: string;
  content?: Record<string, { schema?: object }>;
  headers?: Record<string, Header>;
};
type Operation = { operationId?: string; responses: Record<string, Response> };
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, object> };
};

const validators = new WeakMap<OpenApiDocument, Ajv2020>();
const compiled = new Map<string, ValidateFunction>();
/** Checks `value` against a schema of the document (its $refs resolved in the document's components). */
function schemaProblems(doc: OpenApiDocument, schema: object, value: unknown): string | undefined {
  let ajv = validators.get(doc);
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
    ajv.addSchema({ components: doc.components ?? {} }, "doc");
    validators.set(doc, ajv);
  }
  // Compiled once per schema: the key is the schema itself, its $refs pointing into the document.
  const key = JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/');
  let validate = compiled.get(key);
  if (!validate) compiled.set(key, (validate = ajv.compile(JSON.parse(key) as object)));
  return validate(value) ? undefined : ajv.errorsText(validate.errors);
}

/** Refusals any address can get, documented or not: the address itself, sign-in, the body's size and type. */
const UNDOCUMENTED_ROUTE = new Set([400, 401, 404, 413, 415, 429]);

function operationFor(doc: OpenApiDocument, method: string, path: string): Operation | undefined {
  const segments = path.split("?")[0]!.split("/");
  let best: { op: Operation; literals: number } | undefined;
  for (const [template, operations] of Object.entries(doc.paths)) {
    const op = operations[method.toLowerCase()];
    const parts = template.split("/");
    if (!op || parts.length !== segments.length) continue;
    let literals = 0;
    const fits = parts.every((part, i) => {
      if (/^\{.+\}$/.test(part)) return segments[i] !== "";
      literals += 1;
      return part === segments[i];
    });
    if (fits && (!best || literals > best.literals)) best = { op, literals };
  }
  return best?.op;
}

/** What is wrong with this answer by the document (nothing: an empty list). */
export function contractProblems(
  doc: OpenApiDocument,
  method: string,
  path: string,
  answer: { status: number; headers: Headers; text: string },
): string[] {
  const where = `${method} ${path} → ${answer.status}`;
  if (method === "OPTIONS") return []; // CORS preflights: hygiene.ts, not the API
  // The built add-in's files (SECTIONSMITH_ADDIN_DIR): static pages, not API operations (addin-files.test.ts).
  if (path === "/addin" || path.startsWith("/addin/")) return [];
  const op = operationFor(doc, method, path);
  if (!op)
    return UNDOCUMENTED_ROUTE.has(answer.status) ? [] : [`${where}: no such operation, yet not refused`];
  const response = op.responses[String(answer.status)];
  if (!response) return [`${where}: ${op.operationId} does not document ${answer.status}`];
  const problems: string[] = [];
  for (const [name, header] of Object.entries(response.headers ?? {}))
    if (header.required && !answer.headers.has(name)) problems.push(`${where}: no ${name} header`);
  const type = answer.headers.get("content-type")?.split(";")[0]?.trim();
  if (answer.text !== "" && response.content && !(type && type in response.content))
    problems.push(`${where}: ${type} is not one of ${Object.keys(response.content).join(", ")}`);
  const schema = type === "application/json" ? response.content?.[type]?.schema : undefined;
  if (schema && answer.text !== "") {
    const wrong = schemaProblems(doc, schema, JSON.parse(answer.text));
    if (wrong) problems.push(`${where}: the body does not fit the document's schema: ${wrong}`);
  }
  if (answer.status >= 400) {
    let code: unknown;
    try {
      code = (JSON.parse(answer.text) as { code?: unknown }).code;
    } catch {
      code = undefined;
    }
    if (typeof code !== "string" || !new RegExp(`\\b${code}\\b`).test(response.description))
      problems.push(
        `${where}: code ${String(code)} is not one the description names ("${response.description}")`,
      );
  }
  return problems;
}

/** The answers a test gets that the document does not describe, kept so a test can also ask for them. */
export class ContractViolation extends Error {}

/** Wraps `request` so that each answer is checked against the document `fetchDoc` returns. */
export function checkedRequest<
  R extends (input: string | Request, init?: RequestInit) => Promise<globalThis.Response>,
>(request: R, fetchDoc: () => Promise<OpenApiDocument>): R {
  let doc: Promise<OpenApiDocument> | undefined;
  return (async (input: string | Request, init?: RequestInit) => {
    const res = await request(input, init);
    const method = (init?.method ?? (typeof input === "string" ? "GET" : input.method)).toUpperCase();
    const path = typeof input === "string" ? input : new URL(input.url).pathname;
    doc ??= fetchDoc();
    const problems = contractProblems(await doc, method, path, {
      status: res.status,
      headers: res.headers,
      text: await res.clone().text(),
    });
    if (problems.length > 0) throw new ContractViolation(problems.join("\n"));
    return res;
  }) as R;
}
