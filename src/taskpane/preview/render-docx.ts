// Renders .docx bytes into a container with docx-preview, loaded on first use (it is large and only
// the Snippet view needs it). The HTML comes from docx-preview reading our own generated file — the
// snippet text is never handed to the DOM as HTML by the pane itself. Component tests stub this module
// (docx-preview needs layout APIs jsdom lacks).

/**
 * wholePage: the page as Word lays it out (real width and margins; the pane scales it down).
 * Otherwise the text reflows to the pane's width at its real size, which is easier to read.
 */
export async function renderDocxPreview(
  blob: Blob,
  container: HTMLElement,
  styles: HTMLElement,
  options: { wholePage: boolean } = { wholePage: false },
): Promise<void> {
  const { renderAsync } = await import("docx-preview");
  container.replaceChildren();
  styles.replaceChildren();
  await renderAsync(blob, container, styles, {
    inWrapper: false,
    ignoreLastRenderedPageBreak: true,
    ignoreWidth: !options.wholePage,
    ignoreHeight: !options.wholePage,
    // Our own files only carry what the engine writes; no need for anything fancier.
    experimental: false,
    useBase64URL: true,
  });
}
