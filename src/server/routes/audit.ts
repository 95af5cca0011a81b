import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../app";
import { readAudit } from "../store/audit";
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
      summary: "The whole audit log as one JSON file (admin)",
      request: { params: LibraryParams },
      responses: {
        200: jsonResponse(
          z.object({ library: z.string(), exportedAt: z.string(), entries: z.array(AuditEntrySchema) }),
          "The log",
        ),
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
      c.header("Content-Disposition", `attachment; filename="${library}.audit.json"`);
      return c.json({ library, exportedAt: new Date().toISOString(), entries }, 200);
    },
  );
}
