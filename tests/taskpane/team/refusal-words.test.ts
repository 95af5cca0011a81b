import { describe, expect, it } from "@jest/globals";
import { createTeamClient, type TeamError } from "../../../src/taskpane/team/client";

// Issue 26: a snippet the server refuses (422 SNIPPET_INVALID) is explained with the problems' sentences and
// lines, not "TEMPLATE_UNKNOWN_VARIABLE at body …".
describe("a refusal in the user's words", () => {
  it("gives the engine's problems by line, without their codes", async () => {
    const reply = {
      ok: false,
      status: 422,
      headers: { get: () => null },
      json: async () => ({
        code: "SNIPPET_INVALID",
        message: "TEMPLATE_UNKNOWN_VARIABLE at body: Fix them and send it again",
        problems: [
          {
            code: "TEMPLATE_UNKNOWN_VARIABLE",
            severity: "error",
            line: 1,
            message: 'Unknown variable "courtCity".',
          },
        ],
      }),
    } as unknown as Response;
    const client = createTeamClient(
      "https://team.example",
      async () => "t",
      async () => reply,
    );
    const error = (await client
      .request("POST", "/libraries/legal/snippets", { body: {} })
      .catch((e) => e)) as TeamError;
    expect(error.kind).toBe("refused");
    expect(error.message).toBe('The team server found problems: Line 1: Unknown variable "courtCity".');
    expect(error.message).not.toMatch(/[A-Z]{3,}_[A-Z_]+/);
  });
});
