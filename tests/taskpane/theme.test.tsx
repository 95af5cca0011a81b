/**
 * @jest-environment jsdom
 */
import "./setup";
import { renderHook } from "@testing-library/react";
import { teamsHighContrastTheme, webDarkTheme, webLightTheme } from "@fluentui/react-components";
import { describe, expect, it } from "@jest/globals";
import { paneThemeFromBackground, useOfficeTheme } from "../../src/taskpane/theme/use-office-theme";

describe("useOfficeTheme", () => {
  it("uses the theme the shell gives", () => {
    expect(renderHook(() => useOfficeTheme("dark")).result.current.theme).toBe(webDarkTheme);
    expect(renderHook(() => useOfficeTheme("high-contrast")).result.current.theme).toBe(
      teamsHighContrastTheme,
    );
  });

  it("follows prefers-color-scheme and forced-colors otherwise", () => {
    const original = window.matchMedia;
    const media = (matching: string) =>
      jest.fn(
        (q: string) =>
          ({
            matches: q.includes(matching),
            addEventListener() {},
            removeEventListener() {},
          }) as unknown as MediaQueryList,
      );
    try {
      window.matchMedia = media("dark");
      expect(renderHook(() => useOfficeTheme()).result.current.name).toBe("dark");
      window.matchMedia = media("forced-colors");
      expect(renderHook(() => useOfficeTheme()).result.current.theme).toBe(teamsHighContrastTheme);
      window.matchMedia = media("nothing");
      expect(renderHook(() => useOfficeTheme()).result.current.theme).toBe(webLightTheme);
    } finally {
      window.matchMedia = original;
    }
  });

  it("reads Office's body background colour", () => {
    expect(paneThemeFromBackground("#1F1F1F")).toBe("dark");
    expect(paneThemeFromBackground("#FFFFFF")).toBe("light");
    expect(paneThemeFromBackground(undefined)).toBe("light");
  });
});
