import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../app";
import { readAudit } from "../store/audit";
import { requireRole } from "../store/libraries";
import { AuditEntrySchema, COMMON_ERRORS, jsonResponse } from "../schemas";
import { LibraryParams, who } from "./common";

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
      const { db, user } = who(c);
      const { library } = c.req.valid("param");
      await requireRole(db, library, user, "admin");
      return c.json(await readAudit(db, library, c.req.valid("query")), 200);
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
      const { db, user } = who(c);
      const { library } = c.req.valid("param");
      await requireRole(db, library, user, "admin");
      // Read in one transaction so that the export is one consistent snapshot of the log.
      const entries = await db.transaction(async (tx) => {
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
