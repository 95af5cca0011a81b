import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../app";
import { checkSnippet } from "../check-snippet";
import { ApiError, invalidRequest, snippetInvalid, type ZodIssueLike } from "../errors";
import { ID_PATTERN } from "../../engine/index";
import { getLibrary, requireRole } from "../store/libraries";
import { listPage } from "../store/cached-list";
import { exportLibrary } from "../store/query";
import { TRANSITIONS, transition, type TransitionName } from "../store/review";
import { addVersion, createSnippet, getSnippet, updateHead } from "../store/snippets";
import { errors, jsonResponse, READ, WITH_BODY, WITH_BODY_IF_MATCH } from "../responses";
import {
  HeadInputSchema,
  IfMatchHeader,
  jsonBody,
  SnippetInputSchema,
  SnippetSchema,
  StatusSchema,
  SummarySchema,
  TransitionInputSchema,
  VersionInputSchema,
  VersionSchema,
} from "../schemas";
import {
  asMember,
  change,
  largeJson,
  changeIfMatch,
  LibraryParams,
  read,
  SnippetParams,
  tagged,
  VersionParams,
  who,
} from "./common";

const STALE = "The snippet changed since you read it (STALE_REVISION; current holds it as it is now)";
const SNIPPET_INVALID =
  "The engine's library check found errors in the snippet (SNIPPET_INVALID; problems lists them, with the codes sectionsmith validate prints)";

/**
 * When a snippet body fails the schema, the engine's own check says why, with its problem codes
 * (the same ones `sectionsmith validate` prints), instead of zod's bare issues.
 */
function snippetHook(
  // The validator passes the raw input as data on failure too (@hono/zod-validator), though the
  // hook's type only declares it on success.
  result: { target: string } & (
    { success: true } | { success: false; error: { issues: readonly ZodIssueLike[] } }
  ),
  c: Context<AppEnv>,
): undefined {
  if (result.success) return undefined;
  if (result.target === "json") {
    const raw = (result as { data?: unknown }).data;
    const id = c.req.param("id") ?? String((raw as { id?: unknown } | null)?.id ?? "x");
    const checked = checkSnippet(raw, ID_PATTERN.test(id) ? id : "x", 1);
    if (!checked.ok) throw snippetInvalid(checked.problems);
  }
  throw invalidRequest(result.target, result.error.issues);
}
export function snippetRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/libraries/{library}/snippets",
      operationId: "listSnippets",
      summary: "Snippets with their latest and approved versions; q searches id, title, description and body",
      request: {
        params: LibraryParams,
        query: z.object({
          q: z.string().max(200).optional(),
          status: StatusSchema.optional().meta({
            description: "Of the latest version, e.g. in_review for the review queue",
          }),
          limit: z.coerce.number().int().min(1).max(1000).optional(),
          offset: z.coerce.number().int().min(0).optional(),
        }),
      },
      responses: { 200: jsonResponse(z.array(SummarySchema), "Snippets"), ...errors(READ) },
    }),
    async (c) => {
      const { library } = c.req.valid("param");
      const query = c.req.valid("query");
      // The busiest route: the membership check rides in the list's own statement (one query instead
      // of two). Only an empty page asks again, to answer 404 to a non-member as read() would. On the
      // embedded database the matches' ids are kept between requests (store/cached-list.ts).
      const { db, subject } = who(c);
      // An empty page asks again, to answer 404 to a non-member; someone invited who signs in for the
      // first time is bound and answered.
      const answer = async () => {
        const page = await listPage(db, library, { ...query, member: subject });
        if (page.length === 0) await requireRole(db, library, subject, "reader");
        return page;
      };
      return c.json(await asMember(c, answer), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/libraries/{library}/snippets",
      operationId: "createSnippet",
      summary: "Create a snippet: version 1, draft (author). You become its owner unless owner is given",
      request: { params: LibraryParams, body: jsonBody(SnippetInputSchema) },
      responses: {
        201: jsonResponse(SnippetSchema, "Created", { etag: true }),
        ...errors(WITH_BODY, {
          409: "A snippet with this id exists (ALREADY_EXISTS; current holds it)",
          422: SNIPPET_INVALID,
        }),
      },
    }),
    async (c) => {
      const { library } = c.req.valid("param");
      const input = await c.req.json();
      const created = await change(c, library, "author", ({ tx, actor }) =>
        createSnippet(tx, library, input, actor),
      );
      return c.json(tagged(c, created), 201);
    },
    snippetHook,
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/libraries/{library}/snippets/{id}",
      operationId: "getSnippet",
      summary: "A snippet with all its versions (ETag: its revision)",
      request: { params: SnippetParams },
      responses: { 200: jsonResponse(SnippetSchema, "The snippet", { etag: true }), ...errors(READ) },
    }),
    async (c) => {
      const { library, id } = c.req.valid("param");
      return c.json(tagged(c, await read(c, library, "reader", (db) => getSnippet(db, library, id))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/libraries/{library}/snippets/{id}",
      operationId: "updateSnippet",
      summary: "Change the owner or review-by date (author; If-Match)",
      request: { params: SnippetParams, headers: IfMatchHeader, body: jsonBody(HeadInputSchema) },
      responses: {
        200: jsonResponse(SnippetSchema, "The snippet now", { etag: true }),
        ...errors(WITH_BODY_IF_MATCH, { 409: STALE }),
      },
    }),
    async (c) => {
      const { library, id } = c.req.valid("param");
      const input = c.req.valid("json");
      const updated = await changeIfMatch(c, library, "author", ({ tx, actor, ifMatch }) =>
        updateHead(tx, library, id, input, ifMatch, actor),
      );
      return c.json(tagged(c, updated), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/libraries/{library}/snippets/{id}/versions",
      operationId: "addVersion",
      summary: "Add a version (a new draft; versions never change once written) (author; If-Match)",
      request: { params: SnippetParams, headers: IfMatchHeader, body: jsonBody(VersionInputSchema) },
      responses: {
        201: jsonResponse(SnippetSchema, "The snippet with its new version", { etag: true }),
        ...errors(WITH_BODY_IF_MATCH, { 409: STALE, 422: SNIPPET_INVALID }),
      },
    }),
    async (c) => {
      const { library, id } = c.req.valid("param");
      const input = await c.req.json();
      const updated = await changeIfMatch(c, library, "author", ({ tx, actor, ifMatch }) =>
        addVersion(tx, library, id, input, ifMatch, actor),
      );
      return c.json(tagged(c, updated), 201);
    },
    snippetHook,
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/libraries/{library}/snippets/{id}/versions/{version}",
      operationId: "getVersion",
      summary: "One version (ETag: its snippet's revision)",
      request: { params: VersionParams },
      responses: { 200: jsonResponse(VersionSchema, "The version", { etag: true }), ...errors(READ) },
    }),
    async (c) => {
      const { library, id, version } = c.req.valid("param");
      const snippet = await read(c, library, "reader", (db) => getSnippet(db, library, id));
      const found = snippet.versions.find((v) => v.version === version);
      if (!found) throw new ApiError(404, "NOT_FOUND", `Snippet "${id}" has no version ${version}`);
      c.header("ETag", `"${snippet.revision}"`);
      // The stored content is the engine's normalised snippet, which the schema describes.
      return c.json(found as unknown as z.output<typeof VersionSchema>, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/libraries/{library}/snippets/{id}/versions/{version}/{action}",
      operationId: "reviewVersion",
      summary:
        "Review: submit (author: draft → in_review), approve (approver, not the version's author or submitter: → approved), reject (approver, with a comment: → draft), deprecate (approver: approved → deprecated, replacedBy optional). If-Match: the snippet's revision",
      request: {
        params: VersionParams.extend({
          action: z.enum(Object.keys(TRANSITIONS) as [TransitionName, ...TransitionName[]]),
        }),
        headers: IfMatchHeader,
        body: { ...jsonBody(TransitionInputSchema), required: false },
      },
      responses: {
        200: jsonResponse(SnippetSchema, "The snippet now", { etag: true }),
        ...errors(WITH_BODY_IF_MATCH, {
          403: "Your role does not allow this action (FORBIDDEN), or you wrote or submitted the version (FOUR_EYES)",
          409: "The snippet changed since you read it (STALE_REVISION), the version's status does not allow this action (INVALID_TRANSITION), or approving or deprecating it would leave the approved library unbuildable (APPROVAL_BREAKS_LIBRARY; problems says why)",
        }),
      },
    }),
    async (c) => {
      const { library, id, version, action } = c.req.valid("param");
      const input = c.req.header("content-type")?.includes("json") ? c.req.valid("json") : {};
      // The role each action needs is the review cycle's rule (store/review.ts): reader here.
      const updated = await changeIfMatch(c, library, "reader", ({ tx, actor, role, ifMatch }) =>
        transition(tx, { library, id, version, action, ifMatch, actor, role, ...input }),
      );
      return c.json(tagged(c, updated), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/libraries/{library}/export",
      operationId: "exportLibrary",
      summary:
        "The approved and deprecated versions as a sectionsmith/library@1 file; include=unapproved adds drafts and versions in review (as draft)",
      request: {
        params: LibraryParams,
        query: z.object({
          include: z.enum(["unapproved"]).optional().meta({
            description: "unapproved: drafts and versions in review too (status draft in the file)",
          }),
        }),
      },
      responses: {
        200: jsonResponse(
          z.object({ format: z.string(), name: z.string().optional(), snippets: z.array(z.unknown()) }),
          "Library file",
        ),
        ...errors(READ),
      },
    }),
    async (c) => {
      const { db, subject } = who(c);
      const { library } = c.req.valid("param");
      const lib = await asMember(c, () => getLibrary(db, library, subject));
      c.header("Content-Disposition", `attachment; filename="${library}.library.json"`);
      const unapproved = c.req.valid("query").include === "unapproved";
      return largeJson(c, () => exportLibrary(db, library, lib.name, { unapproved }));
    },
  );
}
