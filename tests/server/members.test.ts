import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { seedLibrary, snippet, startServer, type TestServer } from "./helpers";

// Members are keyed on who they are (the token's subject: Entra ID's tenant and object id), not on a
// name, and shown by sign-in name. An admin adds a member by sign-in name; until that person signs in it
// is an invitation, which their first sign-in binds to them; a pane learns of it by polling GET
// /libraries. Names are kept up to date, but never grant anything on their own. On either database.

const ANA = "ana@x.test"; // admin

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
  await seedLibrary(s);
}, 60_000);
afterAll(() => s.close());

/** A call as the dev issuer's user `sub`, signed in under the sign-in name `name`. */
async function as(
  sub: string,
  name: string,
  method: string,
  path: string,
  init: { body?: unknown; ifMatch?: string } = {},
) {
  const token = await s.token(sub, { preferred_username: name });
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.ifMatch) headers["if-match"] = init.ifMatch;
  const response = await s.app.request(path, {
    method,
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : null,
    etag: response.headers.get("etag"),
  };
}

const members = async () =>
  (await s.call(ANA, "GET", "/libraries/legal/members")).body.members as {
    user: string;
    role: string;
    invited: boolean;
  }[];
const put = async (user: string, role: string) =>
  s.call(ANA, "PUT", `/libraries/legal/members/${user}`, {
    body: { role },
    ifMatch: (await s.call(ANA, "GET", "/libraries/legal/members")).etag!,
  });

describe("invitations", () => {
  it("adds a member by sign-in name as invited, until their first sign-in binds it to them", async () => {
    const added = await put("Nia@X.test", "author");
    expect(added.status).toBe(200);
    expect((await members()).find((m) => m.user === "nia@x.test")).toEqual({
      user: "nia@x.test",
      role: "author",
      invited: true,
    });
    const log = (await s.call(ANA, "GET", "/libraries/legal/audit")).body;
    expect(log.at(-1)).toMatchObject({
      action: "member.add",
      target: "member:nia@x.test",
      after: { user: "nia@x.test", role: "author", invited: true },
    });
    // Nia's pane polls her libraries: the library is there from her first request on.
    const polled = await as("nia-object-id", "nia@x.test", "GET", "/libraries");
    expect(polled.body.map((l: { id: string; role: string }) => [l.id, l.role])).toEqual([
      ["legal", "author"],
    ]);
    expect((await members()).find((m) => m.user === "nia@x.test")?.invited).toBe(false);
    const wrote = await as("nia-object-id", "nia@x.test", "POST", "/libraries/legal/snippets", {
      body: snippet("by-nia"),
    });
    expect(wrote.status).toBe(201);
    expect(wrote.body.versions[0].createdBy).toBe("nia@x.test");
  });

  it("binds an invitation to the first person to sign in with the name; someone else with it later gets nothing", async () => {
    await put("pat@x.test", "reader");
    const first = await as("pat-1", "pat@x.test", "GET", "/libraries/legal/snippets");
    expect(first.status).toBe(200);
    const second = await as("pat-2", "pat@x.test", "GET", "/libraries/legal/snippets");
    expect([second.status, second.body.code]).toEqual([404, "NOT_FOUND"]);
    expect((await as("pat-2", "pat@x.test", "GET", "/me")).body.libraries).toEqual([]);
  });

  it("binds on any first request, not only on GET /libraries", async () => {
    await put("quin@x.test", "reader");
    const read = await as("quin-id", "quin@x.test", "GET", "/libraries/legal");
    expect([read.status, read.body.role]).toEqual([200, "reader"]);
  });
});

describe("members keyed on who they are", () => {
  it("gives a member's name nothing on its own: another person signed in under it is not a member", async () => {
    // bob@x.test is bound to subject "bob@x.test" (his first request, in seedLibrary's aftermath)
    expect((await s.call("bob@x.test", "GET", "/libraries/legal")).status).toBe(200);
    const impostor = await as("someone-else", "bob@x.test", "GET", "/libraries/legal/snippets");
    expect(impostor.status).toBe(404);
    const write = await as("someone-else", "bob@x.test", "POST", "/libraries/legal/snippets", {
      body: snippet("x"),
    });
    expect(write.status).toBe(404);
  });

  it("follows a member who signs in under a new name, and keeps showing names", async () => {
    await put("vic@x.test", "approver");
    expect((await as("vic-id", "vic@x.test", "GET", "/me")).status).toBe(200);
    const renamed = await as("vic-id", "victoria@x.test", "GET", "/me");
    expect(renamed.body).toMatchObject({
      user: "victoria@x.test",
      libraries: [expect.objectContaining({ id: "legal", role: "approver" })],
    });
    const names = (await members()).map((m) => m.user);
    expect(names).toContain("victoria@x.test");
    expect(names).not.toContain("vic@x.test");
  });

  it("holds four eyes to the person, whatever name they sign in under", async () => {
    await put("wes@x.test", "approver");
    const made = await as("wes-id", "wes@x.test", "POST", "/libraries/legal/snippets", {
      body: snippet("by-wes"),
    });
    expect(made.status).toBe(201);
    const submitted = await as(
      "wes-id",
      "wes@x.test",
      "POST",
      "/libraries/legal/snippets/by-wes/versions/1/submit",
      {
        ifMatch: made.etag!,
      },
    );
    expect(submitted.status).toBe(200);
    const ownUnderNewName = await as(
      "wes-id",
      "wesley@x.test",
      "POST",
      "/libraries/legal/snippets/by-wes/versions/1/approve",
      {
        ifMatch: submitted.etag!,
      },
    );
    expect([ownUnderNewName.status, ownUnderNewName.body.code]).toEqual([403, "FOUR_EYES"]);
  });

  it("keeps an admin who has signed in: the last one cannot leave while the only other admin is an invitation", async () => {
    await put("zoe@x.test", "admin"); // invited, never signed in
    const leave = await s.call(ANA, "DELETE", `/libraries/legal/members/${ANA}`, {
      ifMatch: (await s.call(ANA, "GET", "/libraries/legal/members")).etag!,
    });
    expect([leave.status, leave.body.code]).toEqual([409, "INVALID_TRANSITION"]);
    expect(leave.body.message).toMatch(/signed in/);
  });
});
