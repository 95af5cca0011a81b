import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../app";
import { ApiError } from "../errors";
import {
  bindInvitations,
  createLibrary,
  getLibrary,
  listLibraries,
  listMembers,
  setMember,
} from "../store/libraries";
import { errors, jsonResponse, READ, WITH_BODY_IF_MATCH } from "../responses";
import {
  IfMatchHeader,
  jsonBody,
  LibraryInputSchema,
  LibrarySchema,
  MembersSchema,
  RoleSchema,
} from "../schemas";
import { asMember, changeIfMatch, LibraryParams, tagged, who } from "./common";

const MemberParams = LibraryParams.extend({
  user: z.string().min(1).max(320).meta({ description: "Sign-in name, e.g. ana@contoso.com" }),
});

/** What a signed-in request that names no library can answer. */
const SIGNED_IN = [400, 401, 429, 500] as const;
const MEMBER_CHANGE = {
  409: "The library changed since you read it (STALE_REVISION), or this would leave it without an admin who has signed in (INVALID_TRANSITION)",
};

export function libraryRoutes(app: OpenAPIHono<AppEnv>, options: { creators: readonly string[] }): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/me",
      operationId: "getMe",
      summary: "Who you are signed in as, and your libraries",
      responses: {
        200: jsonResponse(
          z.object({ user: z.string(), name: z.string().optional(), libraries: z.array(LibrarySchema) }),
          "You",
        ),
        ...errors(SIGNED_IN),
      },
    }),
    async (c) => {
      const { db, user, subject } = who(c);
      const { displayName } = c.get("user");
      // A pane polls this (or GET /libraries) to learn of new memberships: invitations bind here.
      await bindInvitations(db, c.get("user"));
      return c.json(
        { user, ...(displayName ? { name: displayName } : {}), libraries: await listLibraries(db, subject) },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/libraries",
      operationId: "listLibraries",
      summary: "The libraries you are a member of",
      responses: { 200: jsonResponse(z.array(LibrarySchema), "Libraries"), ...errors(SIGNED_IN) },
    }),
    async (c) => {
      const { db, subject } = who(c);
      await bindInvitations(db, c.get("user"));
      return c.json(await listLibraries(db, subject), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/libraries",
      operationId: "createLibrary",
      summary: "Create a library; you become its admin",
      request: { body: jsonBody(LibraryInputSchema) },
      responses: {
        201: jsonResponse(LibrarySchema, "Created", { etag: true }),
        ...errors([...SIGNED_IN, 403, 413, 415], {
          403: "Only the people in SECTIONSMITH_CREATORS may create libraries (FORBIDDEN)",
          409: "A library with this id exists (ALREADY_EXISTS)",
        }),
      },
    }),
    async (c) => {
      const { db, user, actor } = who(c);
      if (options.creators.length > 0 && !options.creators.includes(user))
        throw new ApiError(
          403,
          "FORBIDDEN",
          "Only the people in SECTIONSMITH_CREATORS may create libraries: ask your server's administrator",
        );
      const created = await db.transaction((tx) => createLibrary(tx, c.req.valid("json"), actor));
      return c.json(tagged(c, created), 201);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/libraries/{library}",
      operationId: "getLibrary",
      summary: "One library (ETag: its revision)",
      request: { params: LibraryParams },
      responses: { 200: jsonResponse(LibrarySchema, "The library", { etag: true }), ...errors(READ) },
    }),
    async (c) => {
      const { db, subject } = who(c);
      const { library } = c.req.valid("param");
      return c.json(tagged(c, await asMember(c, () => getLibrary(db, library, subject))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/libraries/{library}/members",
      operationId: "listMembers",
      summary: "Members and their roles (ETag: the library's revision)",
      request: { params: LibraryParams },
      responses: { 200: jsonResponse(MembersSchema, "Members", { etag: true }), ...errors(READ) },
    }),
    async (c) => {
      const { db, subject } = who(c);
      const { library } = c.req.valid("param");
      const lib = await asMember(c, () => getLibrary(db, library, subject));
      c.header("ETag", `"${lib.revision}"`);
      return c.json({ library: lib, members: await listMembers(db, library) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/libraries/{library}/members/{user}",
      operationId: "setMember",
      summary: "Add a member or change their role (admin; If-Match: the library's revision)",
      request: {
        params: MemberParams,
        headers: IfMatchHeader,
        body: jsonBody(z.object({ role: RoleSchema }).strict()),
      },
      responses: {
        200: jsonResponse(MembersSchema, "Members now", { etag: true }),
        ...errors(WITH_BODY_IF_MATCH, MEMBER_CHANGE),
      },
    }),
    async (c) => {
      const { library, user: member } = c.req.valid("param");
      const { role } = c.req.valid("json");
      const result = await changeIfMatch(
        c,
        library,
        "admin",
        ({ tx, actor, ifMatch }) =>
          setMember(tx, library, { user: member.toLowerCase(), role, ifMatch }, actor),
        "members",
      );
      c.header("ETag", `"${result.library.revision}"`);
      return c.json(result, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/libraries/{library}/members/{user}",
      operationId: "removeMember",
      summary: "Remove a member (admin; If-Match: the library's revision)",
      request: { params: MemberParams, headers: IfMatchHeader },
      responses: {
        200: jsonResponse(MembersSchema, "Members now", { etag: true }),
        ...errors(WITH_BODY_IF_MATCH, MEMBER_CHANGE),
      },
    }),
    async (c) => {
      const { library, user: member } = c.req.valid("param");
      const result = await changeIfMatch(
        c,
        library,
        "admin",
        ({ tx, actor, ifMatch }) =>
          setMember(tx, library, { user: member.toLowerCase(), role: undefined, ifMatch }, actor),
        "members",
      );
      c.header("ETag", `"${result.library.revision}"`);
      return c.json(result, 200);
    },
  );
}
