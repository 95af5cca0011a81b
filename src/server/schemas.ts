import { z } from "@hono/zod-openapi";
import { ID_PATTERN, snippetSchema } from "../engine/index";
import { ROLES } from "./store/libraries";
import { VERSION_STATUSES } from "./store/snippets";

// The request and response schemas: zod 4 schemas that validate requests and, through
// @hono/zod-openapi, make /openapi.json. Snippet content is the engine's own snippet schema, so the
// document describes exactly what the engine accepts (and the engine then checks the body itself).

export const ErrorSchema = z
  .object({
    code: z.string().meta({ description: "Stable code, e.g. SIGN_IN_REQUIRED, FORBIDDEN, STALE_REVISION" }),
    message: z.string().meta({ description: "What went wrong and what to do" }),
    problems: z
      .array(z.object({ path: z.string(), message: z.string(), code: z.string().optional() }).passthrough())
      .optional(),
    current: z.unknown().optional().meta({ description: "For STALE_REVISION: the resource as it is now" }),
  })
  .openapi("Error");

/** The largest PostgreSQL integer: version numbers and other counts the database keeps as integer. */
export const INT_MAX = 2_147_483_647;

export const LibraryIdSchema = z
  .string()
  .regex(ID_PATTERN)
  .meta({ description: "Library id", example: "legal" });
export const SnippetIdSchema = z
  .string()
  .regex(ID_PATTERN)
  .meta({ description: "Snippet id", example: "confidentiality" });
export const RoleSchema = z
  .enum(ROLES)
  .meta({ description: "reader < author < approver < admin; each can do what the ones before can" });
export const StatusSchema = z.enum(VERSION_STATUSES);

/** What an author sends: the snippet as in a library file, without what the server manages. */
export const SnippetInputSchema = snippetSchema
  .omit({ version: true, status: true, updated: true, replacedBy: true })
  .openapi("SnippetInput");
export const VersionInputSchema = SnippetInputSchema.omit({ id: true, owner: true, reviewBy: true }).openapi(
  "VersionInput",
);
const ContentSchema = snippetSchema.omit({
  version: true,
  status: true,
  updated: true,
  replacedBy: true,
  owner: true,
  reviewBy: true,
});

export const LibrarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    revision: z.number().int().meta({ description: "Guards the member list; also the ETag" }),
    changeSeq: z.number().int().meta({
      description: "Seq of the library's last change (any snippet or member): poll it to know when to reload",
    }),
    createdAt: z.string(),
    createdBy: z.string(),
    role: RoleSchema.optional().meta({ description: "Your role in it" }),
  })
  .openapi("Library");

export const LibraryInputSchema = z
  .object({ id: LibraryIdSchema, name: z.string().min(1).max(200) })
  .openapi("LibraryInput");

export const MemberSchema = z.object({ user: z.string(), role: RoleSchema }).openapi("Member");
export const MembersSchema = z
  .object({ library: LibrarySchema, members: z.array(MemberSchema) })
  .openapi("Members");

export const VersionSchema = z
  .object({
    version: z.number().int(),
    status: StatusSchema,
    createdBy: z.string(),
    createdAt: z.string(),
    submittedBy: z.string().nullable(),
    approvedBy: z.string().nullable(),
    approvedAt: z.string().nullable(),
    replacedBy: z.string().nullable(),
    comment: z.string().nullable(),
    snippet: ContentSchema,
  })
  .openapi("Version");

export const SnippetSchema = z
  .object({
    library: z.string(),
    id: z.string(),
    owner: z.string().nullable(),
    reviewBy: z.string().nullable(),
    revision: z.number().int().meta({ description: "Bumped by every change; also the ETag" }),
    createdAt: z.string(),
    updatedAt: z.string(),
    versions: z.array(VersionSchema),
  })
  .openapi("Snippet");

export const SummarySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    category: z.string().nullable(),
    owner: z.string().nullable(),
    reviewBy: z.string().nullable(),
    revision: z.number().int(),
    updatedAt: z.string(),
    latestVersion: z.number().int(),
    latestStatus: StatusSchema,
    approvedVersion: z.number().int().nullable(),
  })
  .openapi("SnippetSummary");

export const HeadInputSchema = z
  .object({
    owner: z.string().min(1).max(200).nullable().optional(),
    reviewBy: z.iso
      .date()
      // PostgreSQL's dates start at year 1 (zod's ISO date allows 0000).
      .refine((d) => !d.startsWith("0000"), "A date from year 1 on")
      .nullable()
      .optional()
      .meta({ description: "YYYY-MM-DD; null clears it" }),
  })
  .strict()
  .openapi("SnippetHeadInput");

export const TransitionInputSchema = z
  .object({
    comment: z.string().max(2000).optional().meta({ description: "Required when sending a version back" }),
    replacedBy: SnippetIdSchema.optional().meta({ description: "For deprecate: the snippet to use instead" }),
  })
  .strict()
  .openapi("TransitionInput");

export const AuditEntrySchema = z
  .object({
    seq: z.number().int().meta({ description: "Gapless, per library, from 1" }),
    at: z.string(),
    actor: z.string(),
    action: z.string(),
    target: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    hash: z.string().nullable().meta({
      description: "SHA-256 (hex) of this entry chained on the one before: docs/team-library.md › Audit log",
    }),
  })
  .openapi("AuditEntry");

export const AuditCheckSchema = z
  .object({
    ok: z.boolean(),
    entries: z.number().int().meta({ description: "Entries checked" }),
    head: z.object({ seq: z.number().int(), hash: z.string() }).nullable().optional().meta({
      description:
        "When ok: the last entry and its hash — keep it, to check later that nothing up to it changes",
    }),
    seq: z
      .number()
      .int()
      .optional()
      .meta({ description: "When not ok: the first entry that is not as written" }),
    problem: z.string().optional().meta({ description: "When not ok: what is wrong there" }),
  })
  .openapi("AuditCheck");

export const IfMatchHeader = z.object({
  "if-match": z
    .string()
    .optional()
    .meta({ description: 'The ETag you read, e.g. "3" (required: 428 without it)' }),
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
  required: true,
});
