// A production build, made as docs/deploy.md says (its settings, `npm run build:addin`), proven before a
// firm deploys it (issue 28): the manifest names only the production address, passes the OfficeApp
// schemas and the offline reference checks, points at files the build holds, and carries the Entra app
// for Office SSO; the pages' Content-Security-Policy lets them reach themselves and the configured team
// server, nothing else. (tests/e2e/pane-deploy.test.ts runs this build from the server.)

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "@jest/globals";
import { pngSize, validateManifest } from "../../scripts/validate-manifest.mjs";
import { expectWithMessage } from "../support/expect-message";
import { ensureProductionBuild, PRODUCTION_DIR } from "./support/production-build";

let settings: Record<string, string>;
let manifest: string;

beforeAll(async () => {
  settings = await ensureProductionBuild();
  manifest = readFileSync(join(PRODUCTION_DIR, "manifest.xml"), "utf8");
});

/** The policy a built page sets in its <meta http-equiv=Content-Security-Policy>, by directive. */
function pagePolicy(page: string): Record<string, string[]> {
  const html = readFileSync(join(PRODUCTION_DIR, page), "utf8");
  const metas = [...html.matchAll(/<meta http-equiv="?Content-Security-Policy"? content="([^"]*)"/gi)];
  expectWithMessage(metas.length, `${page}: one CSP <meta>`).toBe(1);
  return Object.fromEntries(
    metas[0]![1]!
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe("the production build's manifest", () => {
  it("names the production address only, and is valid against the OfficeApp schemas", async () => {
    const url = settings.SECTIONSMITH_URL_PROD!;
    expect(url).toMatch(/^https:\/\/[^/]+\/.*\/$/);
    expect(manifest).not.toMatch(/localhost/i);
    expect(manifest).not.toContain("sectionsmith.example");
    expect(await validateManifest(manifest, { fileName: "manifest.xml", assetRoot: PRODUCTION_DIR })).toEqual(
      [],
    );
    const urls = [...manifest.matchAll(/DefaultValue="(https?:[^"]*)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThanOrEqual(8);
    for (const u of urls) expectWithMessage(u.startsWith(url), u).toBe(true);
  });

  it("points at pages and icons the build holds, each icon a PNG of the size it declares", () => {
    const url = settings.SECTIONSMITH_URL_PROD!;
    const file = (u: string) => join(PRODUCTION_DIR, u.slice(url.length));
    for (const page of ["taskpane.html", "commands.html"]) expect(manifest).toContain(`"${url}${page}"`);
    const icons = [
      ...[...manifest.matchAll(/<bt:Image id="Icon\.(\d+)x\1" DefaultValue="([^"]+)"/g)].map((m) => ({
        size: Number(m[1]),
        url: m[2]!,
      })),
      { size: 32, url: manifest.match(/<IconUrl DefaultValue="([^"]+)"/)![1]! },
      { size: 64, url: manifest.match(/<HighResolutionIconUrl DefaultValue="([^"]+)"/)![1]! },
    ];
    expect(icons.length).toBe(5);
    for (const { size, url: u } of icons)
      expectWithMessage(pngSize(readFileSync(file(u))), u).toEqual({ width: size, height: size });
    for (const u of [...manifest.matchAll(/DefaultValue="(https:[^"]*\.html)"/g)].map((m) => m[1]!))
      expect(readFileSync(file(u), "utf8")).toMatch(/^<!doctype html>/i);
  });

  it("carries the Entra app for Office SSO: its id, api://<host>/<id>, openid and profile", () => {
    const appId = settings.SECTIONSMITH_ENTRA_APP_ID!;
    expect(appId).toMatch(/^[0-9a-f-]{36}$/);
    const block = manifest.match(/<WebApplicationInfo>([\s\S]*?)<\/WebApplicationInfo>/)?.[1] ?? "";
    expect(block.match(/<Id>([^<]*)<\/Id>/)?.[1]).toBe(appId);
    const host = new URL(settings.SECTIONSMITH_URL_PROD!).host;
    expect(block.match(/<Resource>([^<]*)<\/Resource>/)?.[1]).toBe(`api://${host}/${appId}`);
    expect([...block.matchAll(/<Scope>([^<]*)<\/Scope>/g)].map((m) => m[1])).toEqual(["openid", "profile"]);
  });
});

describe("the production build's Content-Security-Policy", () => {
  it("lets both pages reach themselves and the configured team server, and nothing else", () => {
    const servers = settings.SECTIONSMITH_TEAM_SERVERS!.split(",").map((s) => new URL(s.trim()).origin);
    expect(servers.length).toBeGreaterThan(0);
    for (const page of ["taskpane.html", "commands.html"]) {
      const policy = pagePolicy(page);
      expectWithMessage(policy["connect-src"], page).toEqual(["'self'", ...servers]);
      expect(policy["default-src"]).toEqual(["'self'"]);
      expect(policy["script-src"]).toEqual(["'self'", "https://appsforoffice.microsoft.com"]);
      expect(policy["object-src"]).toEqual(["'none'"]);
      expect(policy["form-action"]).toEqual(["'none'"]);
      const all = Object.values(policy).flat().join(" ");
      expect(all).not.toMatch(/localhost|ws:|wss:|unsafe-eval|\*/);
    }
  });
});
