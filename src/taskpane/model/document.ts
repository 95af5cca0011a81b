// The document being assembled in the pane: an outline of sections plus document settings, and the
// pure functions that turn it into the contract's assembly JSON. Kept free of React so it is easy to
// test and to persist (it is plain JSON).

import type { HeadingNumbering, Orientation, PageSize, SectionNumbering, Values } from "../../engine/core";

export type OutlineSection = {
  /** Stable identity in the outline (React keys, focus after a move); not part of the assembly. */
  key: string;
  snippet: string;
  /** Pinned: the version the user saw and filled in. */
  version?: number;
  /** The snippet's title when added, for the outline when the library no longer has it. */
  title: string;
  values: Values;
  headingOffset: number;
  pageBreakBefore: boolean;
  numbering: SectionNumbering;
};

export type DocumentSettings = {
  title: string;
  author: string;
  company: string;
  pageSize: PageSize;
  orientation: Orientation;
  font: string;
  headingColor: string;
  headerText: string;
  footerText: string;
  draftingNotes: boolean;
  /** "legal": headings numbered 1, 1.1, 1.1.1 and lists under them (a), (b) (the assembly's options.headingNumbering). */
  headingNumbering: HeadingNumbering;
  locale: string;
};

export type DocumentState = { sections: OutlineSection[]; settings: DocumentSettings };

export const DEFAULT_SETTINGS: DocumentSettings = {
  title: "",
  author: "",
  company: "",
  pageSize: "A4",
  orientation: "portrait",
  font: "",
  headingColor: "",
  headerText: "",
  footerText: "",
  draftingNotes: false,
  headingNumbering: "none",
  locale: "en-US",
};

export const EMPTY_DOCUMENT: DocumentState = { sections: [], settings: DEFAULT_SETTINGS };

export type DocumentAction =
  | { type: "add"; section: Omit<OutlineSection, "key" | "headingOffset" | "pageBreakBefore" | "numbering"> }
  | { type: "remove"; key: string }
  /** Puts a removed section back where it was (Undo). */
  | { type: "restore"; section: OutlineSection; at: number }
  | { type: "move"; key: string; to: number }
  | { type: "update"; key: string; patch: Partial<Omit<OutlineSection, "key">> }
  | { type: "settings"; patch: Partial<DocumentSettings> }
  | { type: "replace"; state: DocumentState };

let counter = 0;
export function newKey(): string {
  counter += 1;
  return `s${Date.now().toString(36)}${counter.toString(36)}`;
}

export function documentReducer(state: DocumentState, action: DocumentAction): DocumentState {
  switch (action.type) {
    case "add":
      return {
        ...state,
        sections: [
          ...state.sections,
          {
            key: newKey(),
            headingOffset: 0,
            pageBreakBefore: false,
            numbering: "restart",
            ...action.section,
          },
        ],
      };
    case "remove":
      return { ...state, sections: state.sections.filter((s) => s.key !== action.key) };
    case "restore": {
      if (state.sections.some((s) => s.key === action.section.key)) return state;
      const sections = [...state.sections];
      sections.splice(Math.max(0, Math.min(sections.length, action.at)), 0, action.section);
      return { ...state, sections };
    }
    case "move": {
      const from = state.sections.findIndex((s) => s.key === action.key);
      const to = Math.max(0, Math.min(state.sections.length - 1, action.to));
      if (from < 0 || from === to) return state;
      const sections = [...state.sections];
      const [moved] = sections.splice(from, 1);
      sections.splice(to, 0, moved!);
      return { ...state, sections };
    }
    case "update":
      return {
        ...state,
        sections: state.sections.map((s) => (s.key === action.key ? { ...s, ...action.patch } : s)),
      };
    case "settings":
      return { ...state, settings: { ...state.settings, ...action.patch } };
    case "replace":
      return action.state;
  }
}

/** Accepts what was stored (maybe by an older pane) and fills in what is missing. */
export function restoreDocument(stored: unknown): DocumentState {
  if (typeof stored !== "object" || stored === null) return EMPTY_DOCUMENT;
  const s = stored as Partial<DocumentState>;
  const sections = Array.isArray(s.sections)
    ? s.sections
        .filter(
          (x): x is OutlineSection => typeof x === "object" && x !== null && typeof x.snippet === "string",
        )
        .map((x) => ({
          key: typeof x.key === "string" ? x.key : newKey(),
          snippet: x.snippet,
          ...(typeof x.version === "number" ? { version: x.version } : {}),
          title: typeof x.title === "string" ? x.title : x.snippet,
          values: typeof x.values === "object" && x.values !== null ? x.values : {},
          headingOffset: typeof x.headingOffset === "number" ? x.headingOffset : 0,
          pageBreakBefore: x.pageBreakBefore === true,
          numbering: x.numbering === "continue" ? ("continue" as const) : ("restart" as const),
        }))
    : [];
  return {
    sections,
    settings: { ...DEFAULT_SETTINGS, ...(typeof s.settings === "object" ? s.settings : {}) },
  };
}
