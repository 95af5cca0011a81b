// The built task pane when things go wrong around it: office.js missing, throwing or never answering;
// IndexedDB refused, failing, hanging or full; a library file that is not JSON (or not a library); a
// snippet that cannot be built. Each time the pane must still start, say what happened and what to do, and
// keep the outline and the library. Screenshots of the messages go to $TMPDIR/sectionsmith-pane-faults.

import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  addSection,
  download,
  docxText,
  openSnippet,
  outlineTitles,
  searchBox,
  SECTIONS,
  showDocument,
  tab,
  type SectionPlan,
} from "./support/flow";
import {
  openPane,
  startPane,
  waitForLibrary,
  type OpenOptions,
  type OpenPane,
  type PaneSession,
} from "./support/pane";
import { horizontalOverflow } from "./support/overflow";
import { inserts, packageControls, wordCalls } from "./support/word";
import { poll } from "../support/poll";

const SHOTS = join(tmpdir(), "sectionsmith-pane-faults");
mkdirSync(SHOTS, { recursive: true });

let session: PaneSession;
const panes: OpenPane[] = [];

beforeAll(async () => {
  session = await startPane();
});

afterAll(async () => {
  for (const pane of panes) await pane.context.close().catch(() => undefined);
  await session?.close();
});

const [, payment, signature] = SECTIONS as [SectionPlan, SectionPlan, SectionPlan];

async function open(options: OpenOptions): Promise<OpenPane> {
  const pane = await openPane(session, options);
  panes.push(pane);
  return pane;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

const count = (page: Page) => page.getByRole("status").filter({ hasText: /\d+ snippets?$/ });
/** How many snippets the Library lists (it shows the Library tab, where the count is). */
async function snippetCount(page: Page): Promise<number> {
  await tab(page, "Library").click();
  return Number((await count(page).textContent())?.match(/\d+/)?.[0]);
}

/** Errors other than the ones the fault itself is expected to cause. */
const unexpected = (errors: string[], allowed: RegExp[]) =>
  errors.filter((e) => !allowed.some((a) => a.test(e)));

const LOAD_FAILURE = /Failed to load resource|net::ERR_FAILED/;
/**
 * Playwright runs a test's init script in every frame, the preview's sandboxed iframe included, where
 * Chromium refuses it (which is the sandbox working, not the pane misbehaving).
 */
const INIT_SCRIPT_IN_PREVIEW =
  /Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;

/** The library works: search finds a snippet, it opens, and its preview is drawn. */
async function expectLibraryUsable(page: Page) {
  await tab(page, "Library").click();
  await openSnippet(page, payment);
  const frame = page.getByRole("group", { name: "Preview pages" }).locator("iframe").contentFrame();
  await frame.locator("article").first().waitFor();
  await poll(() => frame.locator("article").first().textContent()).toContain("days of the invoice date");
}

/**
 * The standalone notice is one compact line, "Not running inside Word…", that offers its detail: the
 * detail is hidden until "Details" is pressed, then shown under the line, saying what failed and what to do.
 */
async function expectDetailOffered(page: Page, detail: RegExp) {
  const line = page.getByText(/^Not running inside Word/);
  await line.waitFor();
  expect(await page.getByText(detail).count()).toBe(0);
  const details = page.getByRole("button", { name: "Details", exact: true });
  expect(await details.getAttribute("aria-expanded")).toBe("false");
  await details.click();
  const shown = page.getByText(detail);
  await shown.waitFor();
  expect(
    await page.getByRole("button", { name: "Hide details", exact: true }).getAttribute("aria-expanded"),
  ).toBe("true");
  const [lineBox, detailBox] = [await line.boundingBox(), await shown.boundingBox()];
  expect(detailBox!.y).toBeGreaterThanOrEqual(lineBox!.y + lineBox!.height - 1);
  expect(await shown.textContent()).toMatch(
    /(Close the pane and open it again|check the internet connection)/,
  );
}

/** Sections of the outline the pane has stored (IndexedDB "sectionsmith", the standalone host's "default" key). */
const storedSections = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open("sectionsmith");
        open.onerror = () => resolve(-1);
        open.onsuccess = () => {
          const db = open.result;
          try {
            const get = db.transaction("state").objectStore("state").get("default:document");
            get.onsuccess = () =>
              resolve((get.result as { sections?: unknown[] } | undefined)?.sections?.length ?? 0);
            get.onerror = () => resolve(-1);
          } catch {
            resolve(-1);
          } finally {
            db.close();
          }
        };
      }),
  );

async function reloadPane(page: Page) {
  await page.reload();
  await waitForLibrary(page);
}

describe("office.js cannot be used: the pane starts standalone and says why", () => {
  const MISSING = /Word could not be reached: Office’s script \(office\.js\) did not load\./;
  const FAILED = /Word could not be reached: Office’s script failed while starting\./;
  const cases: Array<{ name: string; officeJs: OpenOptions["officeJs"]; detail: RegExp; errors: RegExp[] }> =
    [
      {
        name: "office.js answers 404",
        officeJs: { status: 404, body: "Not found" },
        detail: MISSING,
        errors: [LOAD_FAILURE],
      },
      { name: "office.js is unreachable", officeJs: "abort", detail: MISSING, errors: [LOAD_FAILURE] },
      {
        name: "office.js throws while loading",
        officeJs: { body: "throw new Error('office.js exploded');" },
        detail: MISSING,
        errors: [/office\.js exploded/],
      },
      {
        name: "office.js defines Office without onReady",
        officeJs: { body: "window.Office = {};" },
        detail: MISSING,
        errors: [],
      },
      {
        name: "Office.onReady rejects",
        officeJs: { body: "window.Office = { onReady: () => Promise.reject(new Error('no host')) };" },
        detail: FAILED,
        errors: [],
      },
      {
        name: "Office.onReady throws",
        officeJs: { body: "window.Office = { onReady() { throw new Error('onReady broke'); } };" },
        detail: FAILED,
        errors: [],
      },
    ];

  for (const c of cases)
    it(c.name, async () => {
      const { page, errors } = await open({ officeJs: c.officeJs });
      await expectDetailOffered(page, c.detail);
      await shot(page, c.name.replace(/\W+/g, "-"));
      await expectLibraryUsable(page);
      await poll(() => page.getByRole("button", { name: "Add to document" }).isEnabled()).toBe(true);
      expect(unexpected(errors, c.errors).join("\n")).toBe("");
    });

  it("Office.onReady never answers: the pane says it is waiting, then starts without Word", async () => {
    // The loading text, as it changes before the pane replaces it.
    const initScript = `
      window.__statusSeen = [];
      const poll = setInterval(() => {
        const text = document.querySelector("#container > [role=status]")?.textContent;
        if (text && !window.__statusSeen.includes(text)) window.__statusSeen.push(text);
        if (document.querySelector("main")) clearInterval(poll);
      }, 100);`;
    const started = Date.now();
    const { page, errors } = await open({
      officeJs: { body: "window.Office = { onReady: () => new Promise(() => {}) };" },
      initScript,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000); // OFFICE_READY_TIMEOUT_MS
    const seen = await page.evaluate(() => (window as unknown as { __statusSeen: string[] }).__statusSeen);
    expect(seen).toContain("Loading Sectionsmith…");
    expect(seen.some((t) => t.startsWith("Waiting for Word…"))).toBe(true);
    await expectDetailOffered(page, /Word could not be reached: it did not answer in time\./);
    await shot(page, "office-never-ready");
    await expectLibraryUsable(page);
    expect(unexpected(errors, [INIT_SCRIPT_IN_PREVIEW]).join("\n")).toBe("");
  });

  it("at 320 px the notice and its detail fit the pane", async () => {
    const { page } = await open({
      officeJs: { status: 404, body: "" },
      viewport: { width: 320, height: 700 },
    });
    await expectDetailOffered(page, MISSING);
    expect(await horizontalOverflow(page)).toEqual([]);
    await shot(page, "office-missing-320");
  });

  it("keeps the outline through a reload while office.js still fails", async () => {
    const { page, errors } = await open({ officeJs: { status: 404, body: "" } });
    await addSection(page, payment);
    await addSection(page, signature);
    // The pane stores the outline as it changes; a reload the same moment can abort that write (seen once
    // under CI load), so reload once both sections are stored, as a person closing the pane would.
    await poll(() => storedSections(page)).toBe(2);
    await reloadPane(page);
    await expectDetailOffered(page, /did not load/);
    await showDocument(page);
    expect(await outlineTitles(page)).toEqual([payment.title, signature.title]);
    const text = await docxText((await download(page)).bytes);
    for (const phrase of payment.expect) expect(text).toContain(phrase);
    expect(unexpected(errors, [LOAD_FAILURE]).join("\n")).toBe("");
  });
});

const MEMORY_NOTICE = /does not let Sectionsmith keep data/;

describe("IndexedDB cannot be used: the library lives in memory, the pane says so", () => {
  const cases: Array<{ name: string; initScript: string; outlineLasts: boolean }> = [
    {
      name: "indexedDB.open throws (private mode)",
      initScript: `IDBFactory.prototype.open = function () {
        throw new DOMException("The operation is insecure.", "SecurityError");
      };`,
      outlineLasts: true, // the outline falls back to localStorage
    },
    {
      name: "indexedDB.open fails with an error event",
      // Every open asks for an older version of a database that exists at a newer one: a VersionError.
      initScript: `(() => {
        const realOpen = IDBFactory.prototype.open;
        const newer = realOpen.call(indexedDB, "__fault__", 5);
        newer.onsuccess = () => newer.result.close();
        IDBFactory.prototype.open = function () { return realOpen.call(this, "__fault__", 1); };
      })();`,
      outlineLasts: true,
    },
    {
      name: "indexedDB.open never answers",
      // A connection that ignores versionchange blocks every upgrade behind it, forever.
      initScript: `(() => {
        const realOpen = IDBFactory.prototype.open;
        const holder = realOpen.call(indexedDB, "__hang__", 1);
        holder.onsuccess = () => { window.__holder = holder.result; };
        let version = 1;
        IDBFactory.prototype.open = function () { return realOpen.call(this, "__hang__", ++version); };
      })();`,
      outlineLasts: true, // after the 5 s wait the outline falls back to localStorage (the library to memory)
    },
  ];

  for (const c of cases)
    it(c.name, async () => {
      const { page, errors } = await open({ initScript: c.initScript });
      const notice = page.getByText(MEMORY_NOTICE);
      await notice.waitFor();
      await shot(page, c.name.replace(/\W+/g, "-"));
      expect(await snippetCount(page)).toBeGreaterThanOrEqual(15);
      await expectLibraryUsable(page);
      await page.getByRole("button", { name: "Add to document" }).click();
      await page.getByText(`Added “${payment.title}” to the document.`).waitFor();
      await showDocument(page);
      expect(await outlineTitles(page)).toEqual([payment.title]);
      if (c.outlineLasts) {
        // Let the debounce-free save land, then reload: the outline is back, the library re-seeded.
        await page.waitForTimeout(300);
        await reloadPane(page);
        await notice.waitFor();
        await showDocument(page);
        expect(await outlineTitles(page)).toEqual([payment.title]);
      }
      expect(unexpected(errors, [INIT_SCRIPT_IN_PREVIEW]).join("\n")).toBe("");
    });
});

describe("IndexedDB is full: saves fail, nothing on screen is lost, the pane says what to do", () => {
  let pane: OpenPane;
  let page: Page;
  const setFull = (full: boolean) =>
    page.evaluate((on) => ((window as unknown as { __quotaFull: boolean }).__quotaFull = on), full);

  beforeAll(async () => {
    pane = await open({
      initScript: `(() => {
        window.__quotaFull = false;
        for (const method of ["put", "add"]) {
          const real = IDBObjectStore.prototype[method];
          IDBObjectStore.prototype[method] = function (...args) {
            if (window.__quotaFull) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
            return real.apply(this, args);
          };
        }
      })();`,
    });
    page = pane.page;
  });

  it("saving a snippet: the error says storage is full and what to do; the editor keeps the text", async () => {
    const before = await snippetCount(page);
    await setFull(true);
    await tab(page, "Manage").click();
    await page.getByRole("button", { name: "New snippet" }).click();
    await page.getByRole("textbox", { name: "Id" }).fill("quota-test");
    await page.getByRole("textbox", { name: "Title" }).fill("Quota test");
    await page.getByRole("textbox", { name: "Body (Markdown)" }).fill("Kept despite a full disk.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const message = page.getByText(
      /storage for this add-in is full, so nothing was saved\. Export the library/,
    );
    await message.waitFor();
    await message.scrollIntoViewIfNeeded();
    await shot(page, "quota-snippet-save");
    expect(await page.getByRole("textbox", { name: "Id" }).inputValue()).toBe("quota-test");
    expect(await page.getByRole("textbox", { name: "Body (Markdown)" }).inputValue()).toBe(
      "Kept despite a full disk.",
    );

    // Space again: the same save goes through, nothing had to be typed twice.
    await setFull(false);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Saved quota-test version 1.").waitFor();
    await page.getByRole("button", { name: "Back to the list" }).click();
    await tab(page, "Library").click();
    await poll(() => snippetCount(page)).toBe(before + 1);
  });

  it("changing the outline: it stays on screen, the banner says it is not saved, and saving resumes", async () => {
    await setFull(true);
    await addSection(page, payment);
    const notice = page.getByText(/Your latest outline changes could not be saved: the browser’s storage/);
    await notice.waitFor();
    await showDocument(page);
    expect(await outlineTitles(page)).toEqual([payment.title]);
    await shot(page, "quota-outline");

    await setFull(false);
    await addSection(page, signature);
    await poll(() => notice.count()).toBe(0);
    await reloadPane(page);
    await showDocument(page);
    expect(await outlineTitles(page)).toEqual([payment.title, signature.title]);
    expect(unexpected(pane.errors, [INIT_SCRIPT_IN_PREVIEW]).join("\n")).toBe("");
  });
});

describe("library files that cannot be used", () => {
  let pane: OpenPane;
  let page: Page;
  const importFile = async (name: string, text: string) => {
    await tab(page, "Library").click();
    await page.getByLabel("Import library (.json)").setInputFiles({
      name,
      mimeType: "application/json",
      buffer: Buffer.from(text),
    });
  };

  beforeAll(async () => {
    pane = await open({ office: { wordApi: "1.5" } });
    page = pane.page;
    await addSection(page, payment); // an outline that must survive every fault below
  });

  it("a file that is not JSON: a coded message, the library unchanged", async () => {
    const before = await snippetCount(page);
    await importFile("notes.json", "These are my notes, { not JSON");
    await page.getByText("notes.json could not be imported. Fix these and try again:").waitFor();
    await page.getByText(/\(JSON_SYNTAX\):.*notes\.json is not valid JSON/).waitFor();
    await shot(page, "import-not-json");
    expect(await snippetCount(page)).toBe(before);
  });

  it("JSON that is not a library: a coded message, the library unchanged", async () => {
    const before = await snippetCount(page);
    await importFile("settings.json", JSON.stringify({ theme: "dark", snippets: "none" }));
    const message = page.getByRole("alert").or(page.locator("[class*=MessageBar]")).filter({
      hasText: "settings.json could not be imported",
    });
    await message.first().waitFor();
    expect(await message.first().textContent()).toMatch(/\([A-Z][A-Z0-9_]+\):/);
    expect(await snippetCount(page)).toBe(before);
  });

  it("one snippet that cannot be built: it shows its problem, the others preview and insert", async () => {
    const before = await snippetCount(page);
    const library = {
      format: "sectionsmith/library@1",
      name: "Faulty",
      snippets: [
        {
          id: "fault-good",
          title: "Fault demo good",
          status: "approved",
          body: "All is well, {{who}}.",
          variables: [{ name: "who", type: "text", label: "Who", default: "friend" }],
        },
        {
          id: "fault-bad-link",
          title: "Fault demo bad link",
          status: "approved",
          body: "Read [the terms]({{url}}).",
          variables: [{ name: "url", type: "text", label: "Terms address", default: "javascript:alert(1)" }],
        },
      ],
    };
    await importFile("faulty.json", JSON.stringify(library));
    await page.getByText("Imported faulty.json.").waitFor();
    await poll(() => snippetCount(page)).toBe(before + 2);

    await openSnippet(page, { query: "fault demo bad", title: "Fault demo bad link" });
    await page.getByText("The preview cannot be built yet.").waitFor();
    // In the user's words (the preview shows no engine code): what the link must start with.
    await page.getByText(/must start with http:\/\/, https:\/\/ or mailto:/).waitFor();
    await shot(page, "snippet-bad-link");

    await openSnippet(page, { query: "fault demo good", title: "Fault demo good" });
    const frame = page.getByRole("group", { name: "Preview pages" }).locator("iframe").contentFrame();
    await poll(() => frame.locator("article").first().textContent()).toContain("All is well, friend.");
    await shot(page, "snippet-good-preview");
    await page.getByRole("button", { name: "Add to document" }).click();
    await page.getByText("Added “Fault demo good” to the document.").waitFor();

    await showDocument(page);
    expect(await outlineTitles(page)).toEqual([payment.title, "Fault demo good"]);
    await page.getByRole("button", { name: "Insert into Word" }).click();
    await page.getByText("Inserted 2 sections into Word.").waitFor();
    // One package for the Insert, the two sections' content controls inside it.
    const files = inserts(await wordCalls(page));
    expect(files).toHaveLength(1);
    expect((await packageControls(files[0]!.args[0])).map((c) => c.title)).toEqual([
      payment.title,
      "Fault demo good",
    ]);
  });

  it("keeps the outline and the imported snippets through a reload", async () => {
    await reloadPane(page);
    await showDocument(page);
    expect(await outlineTitles(page)).toEqual([payment.title, "Fault demo good"]);
    await tab(page, "Library").click();
    await searchBox(page).fill("fault demo");
    await poll(() => page.getByRole("region", { name: "Results" }).getByRole("listitem").count()).toBe(2);
    expect(pane.errors.join("\n")).toBe("");
  });
});
