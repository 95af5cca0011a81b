import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../app";
import { auditCsv, readAudit, readChanges, readWholeAudit, verifyAudit } from "../store/audit";
import { errors, jsonResponse, READ, RESTRICTED } from "../responses";
import { AuditCheckSchema, AuditEntrySchema } from "../schemas";
import { BYTES_PER_UNIT, change, largeJson, LibraryParams, read } from "./common";

export function auditRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/libraries/{library}/audit",
      operationId: "getAuditLog",
      summary: "The audit log, oldest first (admin). Page with after=<last seq you have>",
      request: {
        params: LibraryParams,
        query: z.object({
          after: z.coerce.number().int().min(0).optional(),
          limit: z.coerce.number().int().min(1).max(1000).optional(),
        }),
      },
      responses: { 200: jsonResponse(z.array(AuditEntrySchema), "Entries"), ...errors(RESTRICTED) },
    }),
    async (c) => {
      const { library } = c.req.valid("param");
      const query = c.req.valid("query");
      return c.json(await read(c, library, "admin", (db) => readAudit(db, library, query)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/libraries/{library}/audit/export",
      operationId: "exportAuditLog",
      summary: "The whole audit log as one JSON file, or with format=csv as CSV for a spreadsheet (admin)",
      request: {
        params: LibraryParams,
        query: z.object({
          format: z.enum(["json", "csv"]).default("json").meta({ description: "json (default) or csv" }),
        }),
      },
      responses: {
        200: {
          description: "The log",
          content: {
            "application/json": {
              schema: z.object({
                library: z.string(),
                exportedAt: z.string(),
                entries: z.array(AuditEntrySchema),
              }),
            },
            "text/csv": { schema: z.string() },
          },
        },
        ...errors(RESTRICTED),
      },
    }),
    async (c) => {
      const { library } = c.req.valid("param");
      // Read in one transaction so that the export is one consistent snapshot of the log.
      const entries = () => change(c, library, "admin", ({ tx }) => readWholeAudit(tx, library));
      if (c.req.valid("query").format === "csv") {
        c.header("Content-Disposition", `attachment; filename="${library}.audit.csv"`);
        const csv = await c.get("inTurn")(async () => auditCsv(await entries()));
        c.get("take")(Math.floor(csv.length / BYTES_PER_UNIT));
        return c.body(csv, 200, { "Content-Type": "text/csv; charset=utf-8" });
      }
      c.header("Content-Disposition", `attachment; filename="${library}.audit.json"`);
      return largeJson(c, async () => ({
        library,
        exportedAt: new Date().toISOString(),
        entries: await entries(),
      }));
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/libraries/{library}/audit/verify",
      operationId: "verifyAuditLog",
      summary:
        "Checks the audit log's hash chain (admin): every entry as written, none missing. With seq and hash (kept from an earlier check or export), also that the entry at seq still has that hash",
      request: {
        params: LibraryParams,
        query: z
          .object({
            seq: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
            hash: z
              .string()
              .regex(/^[0-9a-f]{64}$/)
              .optional()
              .meta({ description: "SHA-256, hex, of the entry at seq" }),
          })
          .refine((q) => (q.seq === undefined) === (q.hash === undefined), "Send seq and hash together"),
      },
      responses: {
        200: jsonResponse(
          AuditCheckSchema,
          "What the check found (ok: false says where the log was changed)",
        ),
        ...errors(RESTRICTED),
      },
    }),
    async (c) => {
      const { library } = c.req.valid("param");
      const { seq, hash } = c.req.valid("query");
      const anchor = seq !== undefined && hash !== undefined ? { seq, hash } : undefined;
      // One transaction: the entries and the library's count and last hash from the same snapshot.
      const result = await change(c, library, "admin", ({ tx }) => verifyAudit(tx, library, anchor));
      return c.json(result, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/libraries/{library}/changes",
      operationId: "listChanges",
      summary:
        "What changed after a changeSeq you had (reader): seq, at, actor, action, target of each change, oldest first; refresh just the snippets named",
      request: {
        params: LibraryParams,
        query: z.object({
          after: z.coerce.number().int().min(0).default(0),
          limit: z.coerce.number().int().min(1).max(1000).default(1000),
        }),
      },
      responses: {
        200: jsonResponse(
          z.object({
            changeSeq: z.number().int().meta({ description: "The library's last change now" }),
            changes: z.array(
              z.object({
                seq: z.number().int(),
                at: z.string(),
                actor: z.string(),
                action: z.string(),
                target: z.string(),
              }),
            ),
          }),
          "Changes",
        ),
        ...errors(READ),
      },
    }),
    async (c) => {
      const { library } = c.req.valid("param");
      const query = c.req.valid("query");
      // changeSeq first, then the entries up to it: numbers are handed out under the library row's lock
      // and committed in order, so every entry up to the changeSeq read is there, with no gap.
      const result = await read(c, library, "reader", async (db) => {
        const [row] = await db.query("select audit_last from libraries where id = $1", [library]);
        const changeSeq = Number(row!.audit_last);
        return { changeSeq, changes: await readChanges(db, library, { ...query, upTo: changeSeq }) };
      });
      return c.json(result, 200);
    },
  );
}
