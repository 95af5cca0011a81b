import { describe, expect, it } from "@jest/globals";
import { createOfficeHost } from "../../src/office/office-host";
import { ssoTokenGetter } from "../../src/office/office-sso";
import { isHostError } from "../../src/office/word-host";

// Office SSO behind WordHost.accessToken: Office's numeric failures become sentences that say what to do.

describe("Office SSO", () => {
  it("asks Office for a token for the add-in (not Microsoft Graph), allowing sign-in and consent prompts", async () => {
    const asked: unknown[] = [];
    const get = ssoTokenGetter(async (options) => {
      asked.push(options);
      return "token-1";
    });
    expect(await get()).toBe("token-1");
    expect(asked).toEqual([{ allowSignInPrompt: true, allowConsentPrompt: true, forMSGraphAccess: false }]);
  });

  it.each([
    [13001, /not signed in to Office/, /Sign in to Office/],
    [13002, /cancelled/, /Sign in again/],
    [13003, /work or school account/, /work or school account/],
    [13012, /not available in this version/, /administrator/],
    [99999, /code 99999/, /administrator/],
  ])("explains Office's error %d", async (code, message, action) => {
    const get = ssoTokenGetter(async () => {
      throw Object.assign(new Error("Office error"), { code });
    });
    const error = await get().catch((e: unknown) => e);
    expect(isHostError(error)).toBe(true);
    expect((error as Error).message).toMatch(message);
    expect((error as { action: string }).action).toMatch(action);
  });

  it("is offered by the Word host only where Office has it", () => {
    const bindings = { run: async () => undefined as never, supports: () => true };
    expect(createOfficeHost(bindings).accessToken).toBeUndefined();
    const withSso = createOfficeHost({ ...bindings, getAccessToken: async () => "t" });
    expect(typeof withSso.accessToken).toBe("function");
  });
});
