// Horizontal overflow in the pane, as a user at a narrow task pane would meet it: the page scrolls sideways,
// a region inside it scrolls sideways, or an element sticks out past the pane's edge without anything
// clipping it. Runs in the page (playwright's evaluate); returns one line per problem.

import type { Page } from "playwright-core";

export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      problems.push(`the page scrolls sideways: scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}`);
    const paneWidth = document.documentElement.clientWidth;
    const describe = (el: Element) => {
      const name = el.getAttribute("aria-label") ?? el.getAttribute("role") ?? "";
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
      const cls = typeof el.className === "string" ? el.className.split(" ")[0] : "";
      return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ""}${name ? ` "${name}"` : ""}> "${text}"`;
    };
    /** Whether something between `el` and the page clips it sideways (overflow other than visible). */
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== "visible") return true;
      }
      return false;
    };
    for (const el of document.body.querySelectorAll("*")) {
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden") continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // Visually hidden text for screen readers (1 × 1 px, clipped) takes no room.
      if (rect.width <= 1 && rect.height <= 1) continue;
      if ((style.overflowX === "auto" || style.overflowX === "scroll") && el.scrollWidth > el.clientWidth + 1)
        problems.push(`${describe(el)} scrolls sideways: ${el.scrollWidth} > ${el.clientWidth}`);
      if ((rect.right > paneWidth + 0.5 || rect.left < -0.5) && !clipped(el))
        problems.push(`${describe(el)} sticks out of the pane: ${Math.round(rect.left)}…${Math.round(rect.right)} of ${paneWidth}`);
    }
    return problems;
  });
}
