import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../app";
import { auditCsv, readAudit, readChanges } from "../store/audit";
import { AuditEntrySchema, COMMON_ERRORS, jsonResponse } from "../schemas";
import { change, LibraryParams, read } from "./common";

export function auditRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/libraries/{library}/audit",
      summary: "The audit log, oldest first (admin). Page with after=<last seq you have>",
      request: {
        params: LibraryParams,
        query: z.object({
          after: z.coerce.number().int().min(0).optional(),
          limit: z.coerce.number().int().min(1).max(1000).optional(),
        }),
      },
      responses: { 200: jsonResponse(z.array(AuditEntrySchema), "Entries"), ...COMMON_ERRORS },
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
        ...COMMON_ERRORS,
      },
    }),
    async (c) => {
      const { library } = c.req.valid("param");
      // Read in one transaction so that the export is one consistent snapshot of the log.
      const entries = await change(c, library, "admin", async ({ tx }) => {
        const all = [];
        for (
          let page = await readAudit(tx, library, { limit: 1000 });
          page.length > 0;
          page = await readAudit(tx, library, { after: all.at(-1)!.seq, limit: 1000 })
        )
          all.push(...page);
        return all;
      });
      if (c.req.valid("query").format === "csv") {
        c.header("Content-Disposition", `attachment; filename="${library}.audit.csv"`);
        return c.body(auditCsv(entries), 200, { "Content-Type": "text/csv; charset=utf-8" });
      }
      c.header("Content-Disposition", `attachment; filename="${library}.audit.json"`);
      return c.json({ library, exportedAt: new Date().toISOString(), entries }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/libraries/{library}/changes",
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
        ...COMMON_ERRORS,
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
