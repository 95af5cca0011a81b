// Renders .docx bytes with docx-preview (loaded on first use: it is large and only the Snippet view needs
// it) into a sandboxed iframe inside `container`. The HTML comes from docx-preview reading our own
// generated file, but the file carries what users and library files typed, so the preview is treated as
// untrusted markup: the iframe has no allow-scripts (nothing in it can run, whatever docx-preview emits),
// it is a srcdoc frame (it inherits the pane's CSP), and its links are cut down to http, https and mailto.
// The pane reaches into the frame from outside (allow-same-origin) to render, measure and catch clicks.
// Component tests stub this module (docx-preview needs layout APIs jsdom lacks).

import { secureFonts } from "./safe-fonts";
import { isSafeHref } from "./safe-links";

/** The sandbox: same origin so the pane can render into it; no scripts, forms, popups or navigation. */
export const PREVIEW_SANDBOX = "allow-same-origin";

// The frame's own styles (Griffel's classes live in the pane's document and do not reach in here).
// The pages are paper, as in Word: light whatever the pane's theme, since the document's own colours
// (black text, dark headings) assume it. System colours rather than fixed ones, so forced-colours (high
// contrast) mode still maps them to the user's palette. The frame is transparent around the pages (same
// colour-scheme inside and on the iframe element), so the pane's background shows in whole-page mode.
const FRAME_CSS = `
:root { color-scheme: light; }
html, body { margin: 0; padding: 0; background: transparent; overflow: hidden; }
#pages { background-color: Canvas; color: CanvasText; }
/* docx-preview draws list numbers as ::before text ending in a tab, which CSS collapses to a space, so
   wrapped lines did not line up with the first. Keeping the tab, with Word's default 0.5 in stops, makes
   it jump to the hanging indent as in Word. */
#pages section.docx p::before { white-space: pre; tab-size: 36pt; }
/* Reflowed text: docx-preview still writes the page margins inline; a pane is no place for 25 mm. */
#pages.reflow section.docx { padding: 12px 12px !important; min-height: 0 !important; margin-bottom: 0 !important; }
/* Reflowed tables fit the pane: docx-preview writes the page's column widths (a 4-column table 451pt
   wide showed 2 of its columns at 320 px, cut off). Columns size to their text and wrap between words;
   a table that still cannot fit (many columns, long words) scrolls sideways inside its own box, in the
   preview, instead of being cut off. */
#pages.reflow table { width: auto !important; max-width: none; table-layout: auto !important; }
#pages.reflow col, #pages.reflow td, #pages.reflow th { width: auto !important; }
#pages.reflow td, #pages.reflow th { overflow-wrap: break-word; }
#pages.reflow .table-box { overflow-x: auto; max-width: 100%; }
#pages.reflow .table-box:focus-visible { outline: 2px solid Highlight; }
`;

const FRAME_HTML =
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${FRAME_CSS}</style></head>` +
  `<body><div id="docx-styles"></div><div id="root"><div id="pages"></div></div></body></html>`;

type Frame = { frame: HTMLIFrameElement; doc: Document };

const frames = new WeakMap<HTMLElement, Promise<Frame>>();
const renders = new WeakMap<HTMLElement, number>();

/** The sandboxed frame inside `container`, created (and loaded) on first use. */
function previewFrame(container: HTMLElement, title: string): Promise<Frame> {
  const existing = frames.get(container);
  const frame = container.querySelector<HTMLIFrameElement>(":scope > iframe");
  if (existing && frame) return existing;
  const created = new Promise<Frame>((resolve, reject) => {
    const iframe = container.ownerDocument.createElement("iframe");
    // Before the frame is attached: the sandbox applies to the document it is created with.
    iframe.setAttribute("sandbox", PREVIEW_SANDBOX);
    iframe.setAttribute("srcdoc", FRAME_HTML);
    iframe.title = title;
    Object.assign(iframe.style, {
      display: "block",
      width: "100%",
      height: "0",
      border: "0",
      colorScheme: "light",
    });
    iframe.addEventListener(
      "load",
      () => {
        const doc = iframe.contentDocument;
        if (!doc) return reject(new Error("the preview frame could not be opened"));
        // Links never navigate the frame (the CSP would refuse, leaving an error page); safe ones open
        // in a new browser window instead. This listener is the pane's, so it runs despite the sandbox.
        doc.addEventListener("click", (event) => followLink(event), true);
        // Pictures change the height when they arrive (load events do not bubble: captured). No
        // ResizeObserver on the frame's content: one created by the pane's window but observing an element
        // of the frame's document gathered its observations in neither document's rendering step, and
        // Chromium reported "ResizeObserver loop completed with undelivered notifications" every frame
        // (dozens a second, each an error in the dev server's overlay) — and on after the frame was gone.
        // The pane's own observer (PreviewPane) refits when the width changes; each render fits itself.
        doc.addEventListener("load", () => fitHeight(iframe, doc), true);
        resolve({ frame: iframe, doc });
      },
      { once: true },
    );
    container.replaceChildren(iframe);
  });
  frames.set(container, created);
  return created;
}

function followLink(event: MouseEvent) {
  const link = (event.target as Element | null)?.closest?.("a");
  if (!link) return;
  event.preventDefault();
  const href = link.getAttribute("href");
  if (href !== null && isSafeHref(href)) window.open(href, "_blank", "noopener,noreferrer");
}

/** The iframe as tall as what it shows: the pane's viewport around it does the scrolling. */
function fitHeight(frame: HTMLIFrameElement, doc: Document) {
  const root = doc.getElementById("root");
  if (root) frame.style.height = `${Math.ceil(root.getBoundingClientRect().height)}px`;
}

/**
 * Removes every link target that is not http, https or mailto (javascript:, data:, file:, internal
 * anchors…): the text stays, it just no longer links. Safe links show where they go.
 */
export function sanitizeLinks(root: ParentNode): void {
  // `a` matches SVG links too; those may carry the target in xlink:href.
  for (const link of root.querySelectorAll("a")) {
    link.removeAttribute("target");
    for (const name of ["href", "xlink:href"]) {
      const href = link.getAttribute(name);
      if (href === null) continue;
      if (isSafeHref(href)) link.setAttribute("title", href);
      else link.removeAttribute(name);
    }
  }
}

/**
 * wholePage: the page as Word lays it out (real width and margins; scaled down to the pane's width).
 * Otherwise the text reflows to the pane's width at its real size, which is easier to read.
 */
export async function renderDocxPreview(
  blob: Blob,
  container: HTMLElement,
  title: string,
  options: { wholePage: boolean } = { wholePage: false },
): Promise<void> {
  const mine = (renders.get(container) ?? 0) + 1;
  renders.set(container, mine);
  const [nodes, { frame, doc }] = await Promise.all([
    previewNodes(blob, options.wholePage),
    previewFrame(container, title),
  ]);
  // A newer render started meanwhile (the user kept typing): it draws, this one must not overwrite it.
  if (renders.get(container) !== mine) return;
  const pages = doc.getElementById("pages")!;
  const styles = doc.getElementById("docx-styles")!;
  pages.className = options.wholePage ? "" : "reflow";
  pages.style.removeProperty("zoom");
  const drawn = doc.createDocumentFragment();
  const css = doc.createDocumentFragment();
  for (const node of nodes) (node.nodeName === "STYLE" ? css : drawn).append(node);
  sanitizeLinks(drawn);
  if (!options.wholePage) boxTables(drawn, doc);
  styles.replaceChildren(css);
  pages.replaceChildren(drawn);
  if (options.wholePage) fitWidth(frame, doc);
  else markScrollingTables(doc);
  fitHeight(frame, doc);
  // Embedded fonts (data: URLs) may change line breaks once they load.
  void doc.fonts?.ready.then(() => renders.get(container) === mine && fitHeight(frame, doc));
}

/**
 * docx-preview's output for the file: its <style> elements and its pages. Font names are made safe for
 * a stylesheet between the parse and the render (safe-fonts.ts).
 */
export async function previewNodes(blob: Blob, wholePage: boolean): Promise<Node[]> {
  const { parseAsync, renderDocument } = await import("docx-preview");
  const settings = {
    inWrapper: false,
    ignoreLastRenderedPageBreak: true,
    ignoreWidth: !wholePage,
    ignoreHeight: !wholePage,
    // Our own files only carry what the engine writes; no need for anything fancier.
    experimental: false,
    useBase64URL: true,
  };
  const parsed = await parseAsync(blob, settings);
  secureFonts(parsed);
  return renderDocument(parsed, settings);
}

/** Refits after the pane was resized: whole pages scale with its width, reflowed text changes height. */
export function refitPreview(container: HTMLElement): void {
  const frame = container.querySelector<HTMLIFrameElement>(":scope > iframe");
  const doc = frame?.contentDocument;
  if (!frame || !doc) return;
  if (doc.getElementById("pages")?.classList.contains("reflow") === false) fitWidth(frame, doc);
  else markScrollingTables(doc);
  fitHeight(frame, doc);
}

/** Each outermost table in a box of its own (.table-box), which scrolls sideways when the table cannot fit. */
function boxTables(root: DocumentFragment, doc: Document) {
  for (const table of root.querySelectorAll("table")) {
    if (table.parentElement?.closest("table")) continue; // a table in a cell scrolls with its table
    const box = doc.createElement("div");
    box.className = "table-box";
    table.replaceWith(box);
    box.append(table);
  }
}

/** A box whose table is wider than the pane can be scrolled from the keyboard too (a Tab stop, named). */
function markScrollingTables(doc: Document) {
  for (const box of doc.querySelectorAll<HTMLElement>(".table-box")) {
    if (box.scrollWidth > box.clientWidth + 1) {
      box.tabIndex = 0;
      box.setAttribute("role", "group");
      box.setAttribute("aria-label", "Table, scrolls sideways");
    } else {
      box.removeAttribute("tabindex");
      box.removeAttribute("role");
      box.removeAttribute("aria-label");
    }
  }
}

/** Scales the rendered pages (real page width) down to the frame's width; never up. */
function fitWidth(frame: HTMLIFrameElement, doc: Document) {
  const pages = doc.getElementById("pages");
  if (!pages) return;
  pages.style.removeProperty("zoom");
  const page = pages.firstElementChild as HTMLElement | null;
  const available = frame.clientWidth;
  const width = page?.offsetWidth ?? 0;
  if (width > 0 && available > 0 && width > available)
    pages.style.setProperty("zoom", String(available / width));
}
