// Snippet content is data. Script and event-handler payloads go into every field a library file or a
// user can fill — library name and file name, snippet title, description, category, tags, owner, notes,
// body, variable labels, help, defaults and choices, values typed into the form, a selection captured from
// Word — and none may run: window.__pwned stays unset, no dialog opens, and no CSP violation is logged
// (one would mean markup reached the DOM and only the policy stopped it). The text shows literally where
// it is shown; the preview is a sandboxed iframe that cannot run scripts and links only to http, https and
// mailto. Then the served page's Content-Security-Policy and the manifest's domains.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Frame, FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { addToDocument, field, openSnippet, outlineTitles, showDocument, tab } from "./support/flow";
import {
  fakeOfficeScript,
  openPane,
  PANE_DIR,
  ROOT,
  startPane,
  type OpenPane,
  type PaneSession,
} from "./support/pane";
import { poll } from "../support/poll";
import { expectWithMessage } from "../support/expect-message";

/** Every trick at once, short enough for a 200-character title. */
const PAYLOAD =
  `<script>__pwned=1</script><img src=x onerror=__pwned=2><svg onload=__pwned=3>` +
  `"><iframe srcdoc="<script>parent.__pwned=4</script>">{{{x}}}<!--c--><![CDATA[d]]>\u202Eabc`;
const JS_LINK = "javascript:__pwned=5";
const tagged = (what: string) => `${what} ${PAYLOAD}`;

const TITLE = tagged("Evil");
const LIBRARY_NAME = tagged("Library");
const evilLibrary = {
  format: "sectionsmith/library@1",
  name: LIBRARY_NAME,
  snippets: [
    {
      id: "evil-snippet",
      title: TITLE,
      description: `${tagged("Description")} [x](${JS_LINK})`,
      category: `${tagged("Category")}/${JS_LINK}`,
      tags: [tagged("tag"), JS_LINK],
      owner: tagged("Owner"),
      notes: tagged("Notes"),
      status: "approved",
      body: "Clause: {{words}} / {{pick}}. Terms: [the terms]({{site}}).",
      variables: [
        {
          name: "words",
          type: "text",
          label: tagged("Words"),
          help: tagged("Help"),
          default: tagged("Default"),
        },
        {
          name: "pick",
          type: "choice",
          label: "Pick",
          options: [tagged("Choice"), "plain"],
          default: "plain",
        },
        { name: "site", type: "text", label: "Site", default: "https://example.com/terms" },
      ],
    },
  ],
};

let session: PaneSession;
const panes: OpenPane[] = [];
const dialogs: string[] = [];

beforeAll(async () => {
  session = await startPane();
});

afterAll(async () => {
  for (const pane of panes) await pane.context.close().catch(() => undefined);
  await session?.close();
});

/** The simulated Word, whose selection (getHtml) is whatever window.__selectionHtml holds. */
const officeWithSelection = `${fakeOfficeScript({ wordApi: "1.5" })}
;(() => {
  const run = window.Word.run;
  window.Word.run = (batch) => run((context) => {
    const getSelection = context.document.getSelection.bind(context.document);
    context.document.getSelection = () => {
      const selection = getSelection();
      selection.getHtml = () => ({ value: window.__selectionHtml ?? "" });
      return selection;
    };
    return batch(context);
  });
})();`;

async function open(): Promise<OpenPane> {
  const pane = await openPane(session, { officeJs: { body: officeWithSelection } });
  pane.page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  panes.push(pane);
  return pane;
}

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);

/** Markup that would mean a payload became elements in the pane (outside the sandboxed preview). */
async function injectedElements(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        "#container script, #container img[onerror], #container [onload], #container svg, #container iframe:not([sandbox]), #container a[href^='javascript' i]",
      ),
    ]
      // Fluent's icons are SVGs without handlers; anything else counts.
      .filter((el) => !(el.tagName.toLowerCase() === "svg" && !el.hasAttribute("onload")))
      .map((el) => el.outerHTML.slice(0, 120)),
  );
}

const previewFrame = (page: Page): FrameLocator =>
  page.getByRole("group", { name: "Preview pages" }).locator("iframe").contentFrame();

/** The preview's Frame object (for evaluating inside it). */
async function previewFrameHandle(page: Page): Promise<Frame> {
  const handle = await page.getByRole("group", { name: "Preview pages" }).locator("iframe").elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error("no preview frame");
  return frame;
}

async function expectNothingRan(pane: OpenPane, allowed: RegExp[] = []) {
  expect(await pwned(pane.page)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(await injectedElements(pane.page)).toEqual([]);
  expect(pane.errors.filter((e) => !allowed.some((a) => a.test(e))).join("\n")).toBe("");
}

async function importLibrary(page: Page, name: string, text: string) {
  await tab(page, "Library").click();
  await page.getByLabel("Import library (.json)").setInputFiles({
    name,
    mimeType: "application/json",
    buffer: Buffer.from(text),
  });
}

describe("payloads in a library file and in the form", () => {
  let pane: OpenPane;
  let page: Page;

  beforeAll(async () => {
    pane = await open();
    page = pane.page;
  });

  it("imports a library whose every text field carries a payload, and lists it literally", async () => {
    await importLibrary(page, "evil.json", JSON.stringify(evilLibrary));
    await page.getByText("Imported evil.json.").waitFor();
    const results = page.getByRole("region", { name: /All snippets|Results/ });
    await results.getByRole("button", { name: TITLE, exact: true }).waitFor();
    await page.getByText(tagged("Description"), { exact: false }).first().waitFor();
    // Categories show their levels as "A › B".
    const category = evilLibrary.snippets[0]!.category.split("/").join(" › ");
    await page.getByText(category, { exact: false }).first().waitFor();
    await expectNothingRan(pane);
  });

  it("shows title, description, notes, labels, help, defaults and choices as text", async () => {
    await openSnippet(page, { query: "evil", title: TITLE });
    const heading = page.getByRole("heading", { level: 2 });
    expect(await heading.textContent()).toContain(TITLE);
    for (const text of [tagged("Description"), tagged("Notes"), tagged("Help")])
      await page.getByText(text, { exact: false }).first().waitFor();
    const words = field(page, tagged("Words"));
    expect(await words.inputValue()).toBe(tagged("Default"));
    await field(page, "Pick").click();
    await page.getByRole("option", { name: tagged("Choice") }).waitFor();
    await page.keyboard.press("Escape");
    await expectNothingRan(pane);
  });

  it("previews in a sandboxed iframe: payload text is text, links are https only", async () => {
    const frame = previewFrame(page);
    await poll(() => frame.locator("article").first().textContent()).toContain(tagged("Default"));
    const inside = await (
      await previewFrameHandle(page)
    ).evaluate(() => ({
      elements: [...document.querySelectorAll("script, iframe, [onerror], [onload], svg, object, embed")]
        .length,
      links: [...document.querySelectorAll("a")].map((a) => a.getAttribute("href")),
    }));
    expect(inside.elements).toBe(0);
    expect(inside.links).toEqual(["https://example.com/terms"]);
    const sandbox = await page
      .getByRole("group", { name: "Preview pages" })
      .locator("iframe")
      .getAttribute("sandbox");
    expect(sandbox).toBe("allow-same-origin");
    await expectNothingRan(pane);
  });

  it("a script put into the preview frame cannot run there", async () => {
    const frame = await previewFrameHandle(page);
    const errorsBefore = pane.errors.length;
    await frame.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "parent.__pwned = 'frame script'";
      document.body.append(script);
      const img = document.createElement("img");
      img.setAttribute("onerror", "parent.__pwned = 'frame handler'");
      img.src = "data:,not-an-image";
      document.body.append(img);
    });
    await page.waitForTimeout(300);
    expect(await pwned(page)).toBeUndefined();
    // Chromium says why: the frame is sandboxed without allow-scripts.
    expect(pane.errors.slice(errorsBefore).join("\n")).toMatch(
      /sandboxed and the 'allow-scripts' permission is not set/,
    );
    pane.errors.splice(errorsBefore);
  });

  it("takes payloads typed into the form as values; a javascript: address is refused, not linked", async () => {
    const typed = tagged("Typed");
    await field(page, tagged("Words")).fill(`${typed} [click](${JS_LINK})`);
    await field(page, "Site").fill(JS_LINK);
    await page.getByText("The preview cannot be built yet.").waitFor();
    // In the user's words (no engine code in the pane's preview): what the link must start with.
    await page
      .getByText(/must start with http:\/\/, https:\/\/ or mailto:/)
      .first()
      .waitFor();
    await field(page, "Site").fill("mailto:legal@example.com");
    const frame = previewFrame(page);
    await poll(() => frame.locator("article").first().textContent()).toContain(typed);
    const links = await (
      await previewFrameHandle(page)
    ).evaluate(() => [...document.querySelectorAll("a")].map((a) => a.getAttribute("href")));
    expect(links).toEqual(["mailto:legal@example.com"]);
    await addToDocument(page, TITLE);
    await showDocument(page);
    expect(await outlineTitles(page)).toEqual([TITLE]);
    await expectNothingRan(pane);
  });

  it("shows a file name with markup literally, and refuses payloads in bodies with the markup quoted as text", async () => {
    // A file name with markup, and a body that is nothing but markup: refused, quoted as text.
    const badName = `"><img src=x onerror=__pwned=7>.json`;
    const withHtml = {
      format: "sectionsmith/library@1",
      snippets: [{ id: "evil-body", title: "Evil body", body: `${PAYLOAD}\n\n[x](${JS_LINK})` }],
    };
    await importLibrary(page, badName, JSON.stringify(withHtml));
    await page.getByText(`${badName} could not be imported. Fix these and try again:`).waitFor();
    await page
      .getByText(/MARKDOWN_HTML/)
      .first()
      .waitFor();
    await page
      .getByText(/MARKDOWN_LINK_SCHEME/)
      .first()
      .waitFor();
    await tab(page, "Manage").click();
    const heading = page.getByRole("heading", { level: 2 }).first();
    // The heading carries the library's counts ("Name (59 snippets · 62 versions)"): Manage has rendered.
    await poll(() => heading.textContent()).toMatch(/\(\d+ snippets? · \d+ versions?[^)]*\)$/);
    await expectNothingRan(pane);
  });

  it("in the snippet editor: every field and the body take payloads as text", async () => {
    await page.getByRole("button", { name: `Edit ${TITLE} version 1` }).click();
    expect(await page.getByRole("textbox", { name: "Title" }).inputValue()).toBe(TITLE);
    const body = page.getByRole("textbox", { name: "Body (Markdown)" });
    await body.fill(`${PAYLOAD}\n\n[x](${JS_LINK})`);
    const problems = page.getByRole("region", { name: "Problems" });
    await poll(() => problems.textContent()).toMatch(/MARKDOWN_HTML|Raw HTML/);
    await page.getByRole("button", { name: "Back to the list" }).click();
    await expectNothingRan(pane);
  });
});

describe("a selection captured from Word", () => {
  it("is parsed inertly: nothing in it runs, links other than http(s)/mailto do not link", async () => {
    const pane = await open();
    const { page } = pane;
    await page.evaluate(() => {
      (window as unknown as { __selectionHtml: string }).__selectionHtml =
        `<p>Captured <b>bold</b> text</p><script>window.__pwned='capture script'</script>` +
        `<img src=x onerror="window.__pwned='capture img'"><svg onload="window.__pwned='capture svg'"></svg>` +
        `<p><a href="javascript:window.__pwned='capture link'">click</a> and <a href="https://example.com/">safe</a></p>` +
        `<p>&lt;script&gt;shown as text&lt;/script&gt; \u202Eabc</p>`;
    });
    await tab(page, "Manage").click();
    await page.getByRole("button", { name: "Capture from Word" }).click();
    const body = page.getByRole("textbox", { name: "Body (Markdown)" });
    await poll(() => body.inputValue()).toContain("Captured **bold** text");
    const markdown = await body.inputValue();
    expect(markdown).toContain("https://example.com/");
    // The captured elements are gone; text that merely looks like markup stays, escaped for Markdown.
    expect(markdown).not.toMatch(/capture (script|img|svg)|onerror|onload/);
    expect(markdown).toContain("\\<script\\>shown as text\\</script\\>");
    // A javascript: link that survives capture is refused by the engine's check, never drawn as a link.
    if (markdown.includes("javascript:"))
      await poll(() => page.getByRole("region", { name: "Problems" }).textContent()).toMatch(
        /MARKDOWN_LINK_SCHEME|http:\/\/, https:\/\/ or mailto:/,
      );
    await page.waitForTimeout(500);
    // Chromium checks the CSP even for handlers in a DOMParser document (which never runs scripts) and
    // logs the refusal: that is the capture's inert parse meeting the policy, not markup in the pane.
    // Nothing ran (checked above and below); every other error still fails the test.
    await expectNothingRan(pane, [
      /Executing inline event handler violates the following Content Security Policy/,
    ]);
  });
});

describe("the page's Content-Security-Policy and the manifest", () => {
  const policyOf = (html: string) => {
    // Minified or not, quoted or not.
    const meta =
      /<meta\s+http-equiv=["']?Content-Security-Policy["']?\s+content=(?:"([^"]*)"|'([^']*)')/i.exec(html);
    expectWithMessage(meta, "a CSP meta element").not.toBeNull();
    return new Map(
      (meta![1] ?? meta![2]!)
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...sources]) => [name!, sources]),
    );
  };

  for (const page of ["taskpane.html", "commands.html"])
    it(`${page} allows only itself and Microsoft's office.js CDN`, async () => {
      const html = await (await fetch(`${session.server.url}${page}`)).text();
      const policy = policyOf(html);
      expect(policy.get("default-src")).toEqual(["'self'"]);
      expect(policy.get("script-src")).toEqual(["'self'", "https://appsforoffice.microsoft.com"]);
      expect(policy.get("object-src")).toEqual(["'none'"]);
      expect(policy.get("base-uri")).toEqual(["'self'"]);
      expect(policy.get("form-action")).toEqual(["'none'"]);
      expect(policy.get("connect-src")).toEqual(["'self'"]);
      // No directive widens frames beyond 'self' (the preview is a srcdoc frame).
      expect(policy.has("frame-src") ? policy.get("frame-src") : ["'self'"]).toEqual(["'self'"]);
      for (const [name, sources] of policy) {
        for (const source of sources) {
          expectWithMessage(source, `${name} ${source}`).not.toMatch(
            /^\*|^https?:$|'unsafe-eval'|'strict-dynamic'/,
          );
          if (/^https?:\/\//.test(source))
            expectWithMessage(source, name).toBe("https://appsforoffice.microsoft.com");
        }
      }
      expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
      // The only script from elsewhere is office.js.
      const external = [...html.matchAll(/<script[^>]*\bsrc=["']?(https?:[^"'\s>]+)/g)].map((m) => m[1]);
      if (page === "taskpane.html")
        expect(external).toEqual(["https://appsforoffice.microsoft.com/lib/1/hosted/office.js"]);
      expect(
        external.every((src) => src === "https://appsforoffice.microsoft.com/lib/1/hosted/office.js"),
      ).toBe(true);
    });

  it("manifest.xml asks for no AppDomains and points only at the add-in's own origin", () => {
    for (const path of [join(ROOT, "manifest.xml"), join(PANE_DIR, "manifest.xml")]) {
      // Comments and namespace declarations are not places the add-in loads from.
      const xml = readFileSync(path, "utf8")
        .replace(/<!--[\s\S]*?-->/g, "")
        .replace(/\sxmlns(:\w+)?="[^"]*"/g, "");
      const domains = [...xml.matchAll(/<AppDomain>([^<]*)<\/AppDomain>/g)].map((m) => m[1]);
      expectWithMessage(domains, path).toEqual([]);
      const origins = new Set([...xml.matchAll(/"(https?:\/\/[^"]+)"/g)].map((m) => new URL(m[1]!).origin));
      // The add-in's own origin (dev server, or the production URL it was built for) and nothing else: the
      // help links point at the pane's own page (docs/deploy.md).
      expectWithMessage([...origins].sort(), path).toEqual(
        path.startsWith(PANE_DIR) ? ["https://sectionsmith.example"] : ["https://localhost:3000"],
      );
    }
  });
});
