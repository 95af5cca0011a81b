import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../app";
import { ApiError } from "../errors";
import { freshness, mostUsed, recordUsage } from "../store/usage";
import { errors, jsonResponse, READ } from "../responses";
import { INT_MAX, jsonBody, SnippetIdSchema } from "../schemas";
import { change, LibraryParams, read } from "./common";

const EventSchema = z
  .object({
    snippet: SnippetIdSchema,
    version: z.number().int().min(1).max(INT_MAX),
    kind: z.enum(["insert", "download"]),
    id: z
      .string()
      .regex(/^[\x21-\x7e]{1,100}$/)
      .optional()
      .meta({ description: "Your own id for this event (e.g. a UUID): sent again, it is recorded once" }),
  })
  .strict()
  .openapi("UsageEvent");

export function usageRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(
    createRoute({
      method: "post",
      path: "/libraries/{library}/usage",
      operationId: "reportUsage",
      summary:
        "Report inserts and downloads (snippet id and version only; reader). Each event counts against your rate limit; an event with an id you sent before is recorded once",
      request: {
        params: LibraryParams,
        body: jsonBody(z.object({ events: z.array(EventSchema).min(1).max(100) }).strict()),
      },
      responses: {
        202: jsonResponse(
          z.object({
            recorded: z.number().int(),
            repeated: z.number().int().meta({ description: "Events whose id was reported before" }),
          }),
          "Recorded",
        ),
        ...errors([...READ, 413, 415]),
      },
    }),
    async (c) => {
      const { library } = c.req.valid("param");
      const { events } = c.req.valid("json");
      // Each event counts against the rate limit (the request itself was the first).
      const wait = c.get("take")(events.length - 1);
      if (wait > 0) {
        c.header("Retry-After", String(wait));
        throw new ApiError(
          429,
          "RATE_LIMITED",
          `Too many usage events: wait ${wait} seconds and send them again`,
        );
      }
      const result = await change(c, library, "reader", ({ tx, user }) =>
        recordUsage(tx, library, user, events),
      );
      return c.json(result, 202);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/libraries/{library}/usage/most-used",
      operationId: "getMostUsed",
      summary: "Most used snippets in the last `days` days (reader)",
      request: {
        params: LibraryParams,
        query: z.object({
          days: z.coerce.number().int().min(1).max(3650).default(30),
          limit: z.coerce.number().int().min(1).max(500).default(20),
        }),
      },
      responses: {
        200: jsonResponse(
          z.array(
            z.object({
              id: z.string(),
              uses: z.number(),
              inserts: z.number(),
              downloads: z.number(),
              lastUsed: z.string().nullable(),
            }),
          ),
          "Snippets by use",
        ),
        ...errors(READ),
      },
    }),
    async (c) => {
      const { library } = c.req.valid("param");
      const { days, limit } = c.req.valid("query");
      return c.json(await read(c, library, "reader", (db) => mostUsed(db, library, days, limit)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/libraries/{library}/freshness",
      operationId: "getFreshness",
      summary:
        "Stale (past review-by), rarely used (approved, < rare uses), often used but unreviewed (≥ often uses) (reader)",
      request: {
        params: LibraryParams,
        query: z.object({
          days: z.coerce.number().int().min(1).max(3650).default(90),
          rare: z.coerce.number().int().min(1).max(INT_MAX).default(2),
          often: z.coerce.number().int().min(1).max(INT_MAX).default(10),
        }),
      },
      responses: {
        200: jsonResponse(
          z.object({
            stale: z.array(z.object({ id: z.string(), reviewBy: z.string() })),
            rarelyUsed: z.array(z.object({ id: z.string(), uses: z.number() })),
            oftenUsedUnreviewed: z.array(
              z.object({ id: z.string(), uses: z.number(), reviewBy: z.string().nullable() }),
            ),
          }),
          "Freshness",
        ),
        ...errors(READ),
      },
    }),
    async (c) => {
      const { library } = c.req.valid("param");
      const query = c.req.valid("query");
      return c.json(await read(c, library, "reader", (db) => freshness(db, library, query)), 200);
    },
  );
}
