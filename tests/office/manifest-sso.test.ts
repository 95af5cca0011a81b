import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import { validateManifest } from "../../scripts/validate-manifest.mjs";
import {
  buildManifest,
  entraSettings,
  fillWebApplicationInfo,
  NIL_APP_ID,
} from "../../scripts/manifest-sso.mjs";

// Office SSO needs <WebApplicationInfo> in the manifest (issue 16: Office.auth.getAccessToken signs the
// pane in to a team server). The checked-in manifest carries placeholders; the build's copy fills them
// from SECTIONSMITH_ENTRA_APP_ID / SECTIONSMITH_ENTRA_RESOURCE. Both copies must pass the offline
// validation (OfficeApp 1.1 schemas in tests/fixtures/manifest).

const ROOT = join(import.meta.dirname, "..", "..");
const manifest = readFileSync(join(ROOT, "manifest.xml"), "utf8");
const urlDev = "https://localhost:3000/";
const urlProd = "https://addin.contoso.com/";
const APP = "c6c1f32b-5e55-4997-881a-753cc1d563b7";

const info = (xml: string) => {
  const block = xml.match(/<WebApplicationInfo>([\s\S]*?)<\/WebApplicationInfo>/)?.[1] ?? "";
  return {
    id: block.match(/<Id>([^<]*)<\/Id>/)?.[1],
    resource: block.match(/<Resource>([^<]*)<\/Resource>/)?.[1],
    scopes: [...block.matchAll(/<Scope>([^<]*)<\/Scope>/g)].map((m) => m[1]),
  };
};

describe("manifest.xml's WebApplicationInfo", () => {
  it("is the last child of VersionOverrides, with placeholders and the sign-in scopes", () => {
    expect(manifest).toMatch(/<\/WebApplicationInfo>\s*<\/VersionOverrides>/);
    expect(info(manifest)).toEqual({
      id: NIL_APP_ID,
      resource: `api://localhost:3000/${NIL_APP_ID}`,
      scopes: ["openid", "profile"],
    });
  });

  it("the production copy built with an app id is valid and names it, with api://<host>/<app id>", async () => {
    const built = buildManifest(manifest, {
      dev: false,
      urlDev,
      urlProd,
      env: { SECTIONSMITH_ENTRA_APP_ID: APP },
    });
    expect(info(built)).toEqual({
      id: APP,
      resource: `api://addin.contoso.com/${APP}`,
      scopes: ["openid", "profile"],
    });
    expect(built).not.toMatch(/localhost/);
    expect(await validateManifest(built)).toEqual([]);
  });

  it("takes the resource as given, and keeps the documented defaults when nothing is set", async () => {
    const given = buildManifest(manifest, {
      dev: false,
      urlDev,
      urlProd,
      env: { SECTIONSMITH_ENTRA_APP_ID: APP, SECTIONSMITH_ENTRA_RESOURCE: `api://sso.contoso.com/${APP}` },
    });
    expect(info(given).resource).toBe(`api://sso.contoso.com/${APP}`);
    expect(await validateManifest(given)).toEqual([]);

    const unset = buildManifest(manifest, { dev: false, urlDev, urlProd, env: {} });
    expect(info(unset)).toMatchObject({ id: NIL_APP_ID, resource: `api://addin.contoso.com/${NIL_APP_ID}` });
    expect(await validateManifest(unset)).toEqual([]);

    const dev = buildManifest(manifest, {
      dev: true,
      urlDev,
      urlProd,
      env: { SECTIONSMITH_ENTRA_APP_ID: APP },
    });
    expect(info(dev)).toMatchObject({ id: APP, resource: `api://localhost:3000/${APP}` });
    expect(await validateManifest(dev)).toEqual([]);
  });

  it("refuses an app id that is not a GUID and a resource that is not an api:// URI", () => {
    expect(() => entraSettings(urlProd, { SECTIONSMITH_ENTRA_APP_ID: "my-app" })).toThrow(
      /SECTIONSMITH_ENTRA_APP_ID: "my-app" is not an application \(client\) id/,
    );
    expect(() =>
      entraSettings(urlProd, {
        SECTIONSMITH_ENTRA_APP_ID: APP,
        SECTIONSMITH_ENTRA_RESOURCE: "https://x.test",
      }),
    ).toThrow(/SECTIONSMITH_ENTRA_RESOURCE/);
  });

  it("fails the build when the element is missing, and the validator catches a broken one", async () => {
    const without = manifest.replace(/<WebApplicationInfo>[\s\S]*?<\/WebApplicationInfo>/, "");
    expect(() => fillWebApplicationInfo(without, { appId: APP, resource: "api://x/y" })).toThrow(
      /no <WebApplicationInfo>/,
    );
    // The schema wants a GUID for the Id: a bad one written by hand is caught offline.
    const bad = manifest.replace(`<Id>${NIL_APP_ID}</Id>`, "<Id>not-a-guid</Id>");
    expect((await validateManifest(bad)).join("\n")).toMatch(/Id/);
    // And it must come after Resources.
    const moved = manifest
      .replace(/\s*<WebApplicationInfo>[\s\S]*?<\/WebApplicationInfo>/, "")
      .replace(
        "<Resources>",
        `${manifest.match(/<WebApplicationInfo>[\s\S]*?<\/WebApplicationInfo>/)![0]}<Resources>`,
      );
    expect(await validateManifest(moved)).not.toEqual([]);
  });
});
