// axe-core in the page, and keyboard helpers.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { ROOT } from "./pane";

const AXE_SOURCE = readFileSync(join(ROOT, "node_modules", "axe-core", "axe.min.js"), "utf8");

export type AxeFinding = { id: string; impact: string; help: string; nodes: string[] };

/**
 * Fluent's focus sentinels (tabster's dummy inputs, `data-tabster-dummy`) are reported by axe although
 * they are hidden from assistive technology on purpose: a documented false positive (microsoft/tabster#288).
 */
const IGNORED_NODES = /data-tabster-dummy/;

/**
 * Waits for running CSS/Web animations (Fluent's menus fade and slide in): mid-fade text is
 * semi-transparent, which axe rightly reports as low contrast and a screenshot shows washed out.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
}

/** Runs axe on the whole page; returns every violation (minus the ignored nodes), worst first. */
export async function runAxe(page: Page): Promise<AxeFinding[]> {
  await settle(page);
  // Evaluated rather than added as a <script>: the pane's CSP (rightly) refuses inline scripts.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<AxeResults> } }).axe;
    type AxeResults = {
      violations: Array<{
        id: string;
        impact: string | null;
        help: string;
        nodes: Array<{ html: string; target: unknown[] }>;
      }>;
    };
    const results = await axe.run(document, { resultTypes: ["violations"] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? "unknown",
      help: v.help,
      nodes: v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 160)}`),
    }));
  });
  const order = ["critical", "serious", "moderate", "minor", "unknown"];
  return violations
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !IGNORED_NODES.test(n)) }))
    .filter((v) => v.nodes.length > 0)
    .sort((a, b) => order.indexOf(a.impact) - order.indexOf(b.impact));
}

export function formatFindings(findings: AxeFinding[]): string {
  return findings
    .map((f) => `${f.impact} ${f.id}: ${f.help}\n${f.nodes.map((n) => `    ${n}`).join("\n")}`)
    .join("\n");
}

/** Presses `key` (Tab by default) until `target` has focus; fails after `max` presses. */
export async function pressUntilFocused(page: Page, target: Locator, key = "Tab", max = 40): Promise<number> {
  for (let presses = 0; presses <= max; presses++) {
    const focused = target.evaluate((el) => el === document.activeElement, undefined, { timeout: 2000 });
    if (await focused.catch(() => false)) return presses;
    await page.keyboard.press(key);
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`${key} ×${max} never reached the target; focus is on ${focused}`);
}

export const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? null);
