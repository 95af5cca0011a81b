import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import {
  checkManifestReferences,
  pngSize,
  validateManifest,
  validateManifestSchema,
} from "../../scripts/validate-manifest.mjs";

const ROOT = join(import.meta.dirname, "..", "..");
const manifest = readFileSync(join(ROOT, "manifest.xml"), "utf8");

/** The text of the first element matching `pattern` (a tiny query helper: the manifest is small and flat). */
const match = (pattern: RegExp) => manifest.match(pattern)?.[1];

describe("manifest.xml", () => {
  it("is valid against the OfficeApp 1.1 schemas and references only what it declares", async () => {
    expect(await validateManifest(manifest)).toEqual([]);
  });

  it("is a Word task pane add-in with the expected identity and permissions", () => {
    expect(manifest).toMatch(/xsi:type="TaskPaneApp"/);
    expect(match(/<Id>([^<]+)<\/Id>/)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(match(/<ProviderName>([^<]+)</)).toBe("Sectionsmith");
    expect(match(/<DisplayName DefaultValue="([^"]+)"/)).toBe("Sectionsmith");
    expect(match(/<Hosts>\s*<Host Name="([^"]+)"/)).toBe("Document");
    expect(match(/<Permissions>([^<]+)</)).toBe("ReadWriteDocument");
    expect(match(/<Set Name="WordApi" MinVersion="([^"]+)"/)).toBe("1.1");
    expect(manifest).not.toMatch(/<AppDomains>/);
  });

  it("has a Home-tab button that shows the task pane, and the function file", () => {
    const tab = match(/<OfficeTab id="([^"]+)"/);
    expect(tab).toBe("TabHome");
    const action = manifest.match(/<Action xsi:type="ShowTaskpane">[\s\S]*?<SourceLocation resid="([^"]+)"/);
    expect(action).not.toBeNull();
    const urlOf = (resid: string) =>
      manifest.match(new RegExp(`<bt:Url id="${resid.replace(".", "\\.")}" DefaultValue="([^"]+)"`))?.[1];
    expect(urlOf(action![1]!)).toBe("https://localhost:3000/taskpane.html");
    expect(urlOf(match(/<FunctionFile resid="([^"]+)"/)!)).toBe("https://localhost:3000/commands.html");
    expect(match(/<SourceLocation DefaultValue="([^"]+)"/)).toBe("https://localhost:3000/taskpane.html");
  });

  it("points at real PNG icons of the declared sizes (16, 32, 64, 80)", () => {
    const urls = [
      ...manifest.matchAll(/DefaultValue="https:\/\/localhost:3000\/(assets\/icon-(\d+)\.png)"/g),
    ];
    expect(new Set(urls.map((m) => Number(m[2])))).toEqual(new Set([16, 32, 64, 80]));
    for (const [, path, size] of urls) {
      expect(pngSize(readFileSync(join(ROOT, path!)))).toEqual({ width: Number(size), height: Number(size) });
    }
  });
});

describe("the validator fails on a broken copy", () => {
  it("reports a schema error with its line number", async () => {
    const broken = manifest.replace(
      "<Permissions>ReadWriteDocument</Permissions>",
      "<Permissions>Everything</Permissions>",
    );
    const problems = await validateManifestSchema(broken);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join("\n")).toMatch(/manifest\.xml:\d+: .*Permissions/);
  });

  it("reports a misplaced element", async () => {
    const broken = manifest.replace(/(<DisplayName[^>]*\/>)\s*(<Description[^>]*\/>)/, "$2$1");
    expect(await validateManifestSchema(broken)).not.toEqual([]);
  });

  it("reports an undeclared resid, an http URL and an icon of the wrong size", () => {
    const broken = manifest
      .replace('<Label resid="Group.Label"/>', '<Label resid="Group.Missing"/>')
      .replace('id="Commands.Url" DefaultValue="https://', 'id="Commands.Url" DefaultValue="http://')
      .replace(
        'id="Icon.80x80" DefaultValue="https://localhost:3000/assets/icon-80.png"',
        'id="Icon.80x80" DefaultValue="https://localhost:3000/assets/icon-64.png"',
      );
    const problems = checkManifestReferences(broken, { assetRoot: ROOT });
    expect(problems).toEqual([
      expect.stringMatching(/resid "Group\.Missing"/),
      expect.stringMatching(/http:\/\/localhost:3000\/commands\.html is not https/),
      expect.stringMatching(/icon-64\.png is 64×64, the manifest declares 80×80/),
    ]);
  });

  it("reports a missing icon file", () => {
    const broken = manifest.replace("assets/icon-16.png", "assets/icon-17.png");
    expect(checkManifestReferences(broken, { assetRoot: ROOT }).join("\n")).toMatch(
      /icon-17\.png .*does not exist/,
    );
  });
});
