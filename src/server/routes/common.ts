import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../app";
import { etag } from "../store/revision";
import { LibraryIdSchema, SnippetIdSchema } from "../schemas";

export const LibraryParams = z.object({ library: LibraryIdSchema });
export const SnippetParams = z.object({ library: LibraryIdSchema, id: SnippetIdSchema });
export const VersionParams = SnippetParams.extend({
  version: z.coerce.number().int().min(1).meta({ description: "Version number" }),
});

export const who = (c: Context<AppEnv>) => ({ db: c.get("db"), user: c.get("user").id });

/** Sets the ETag from the resource's revision and answers it. */
export function tagged<T extends { revision: number }>(c: Context<AppEnv>, body: T): T {
  c.header("ETag", etag(body.revision));
  return body;
}
