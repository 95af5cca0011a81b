// Follows the Office theme. Inside Office the entry point reads the theme's body colour through
// src/office (officeBodyBackground) and passes it in; in standalone mode the browser's prefers-color-scheme and forced-colors media queries
// decide. Colours are never hard-coded anywhere in the pane: Fluent tokens follow the theme.

import { useEffect, useState } from "react";
import { teamsHighContrastTheme, webDarkTheme, webLightTheme, type Theme } from "@fluentui/react-components";

export type PaneTheme = "light" | "dark" | "high-contrast";

const FLUENT: Record<PaneTheme, Theme> = {
  light: webLightTheme,
  dark: webDarkTheme,
  "high-contrast": teamsHighContrastTheme,
};

const DARK = "(prefers-color-scheme: dark)";
const FORCED = "(forced-colors: active)";

function fromMedia(): PaneTheme {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return "light";
  if (window.matchMedia(FORCED).matches) return "high-contrast";
  return window.matchMedia(DARK).matches ? "dark" : "light";
}

/**
 * Office's theme colours → a pane theme: a dark body background means the dark theme. The entry point
 * calls this with what src/office's officeBodyBackground() reads ("#RRGGBB").
 */
export function paneThemeFromBackground(color: string | undefined): PaneTheme {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color ?? "");
  if (!m) return "light";
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => parseInt(h!, 16) / 255) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance < 0.5 ? "dark" : "light";
}

/** The pane theme: `override` when the shell gives one, else the media queries (and their changes). */
export function useOfficeTheme(override?: PaneTheme): { name: PaneTheme; theme: Theme } {
  const [media, setMedia] = useState<PaneTheme>(fromMedia);
  useEffect(() => {
    if (override !== undefined || typeof window.matchMedia !== "function") return;
    const queries = [window.matchMedia(DARK), window.matchMedia(FORCED)];
    const update = () => setMedia(fromMedia());
    for (const q of queries) q.addEventListener?.("change", update);
    return () => {
      for (const q of queries) q.removeEventListener?.("change", update);
    };
  }, [override]);
  const name = override ?? media;
  return { name, theme: FLUENT[name] };
}
