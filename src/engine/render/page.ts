import type { PageSetup } from "../model/types";
import { lengthToTwips } from "../model/length";

// <w:pgSz>/<w:pgMar> in twips (1/20 pt). Portrait sizes; docx swaps them for landscape.
const SIZES = {
  A4: { width: 11906, height: 16838 },
  Letter: { width: 12240, height: 15840 },
  Legal: { width: 12240, height: 20160 },
} as const;

/** Word's default margin, 1 inch, for any margin the assembly leaves out. */
const DEFAULT_MARGIN = 1440;

export type PageGeometry = {
  width: number;
  height: number;
  landscape: boolean;
  margins: { top: number; bottom: number; left: number; right: number };
  /** Width between the left and right margins on the page as laid out. */
  contentWidth: number;
  /** Height between the top and bottom margins on the page as laid out (pictures are fitted into it). */
  contentHeight: number;
};

export function pageGeometry(page: PageSetup): PageGeometry {
  const size = SIZES[page.size];
  const margin = (value: string | undefined): number => (value ? lengthToTwips(value) : DEFAULT_MARGIN);
  const margins = {
    top: margin(page.margins?.top),
    bottom: margin(page.margins?.bottom),
    left: margin(page.margins?.left),
    right: margin(page.margins?.right),
  };
  const landscape = page.orientation === "landscape";
  const across = landscape ? size.height : size.width;
  // Never below an inch, so absurd margins still give tables and images a sane width.
  const contentWidth = Math.max(1440, across - margins.left - margins.right);
  const down = landscape ? size.width : size.height;
  const contentHeight = Math.max(1440, down - margins.top - margins.bottom);
  return { ...size, landscape, margins, contentWidth, contentHeight };
}
