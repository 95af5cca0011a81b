/**
 * @jest-environment jsdom
 */
import "../setup";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "@jest/globals";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { TeamSnippetList } from "../../../src/taskpane/components/TeamView/TeamSnippetList";
import { TeamConflicts } from "../../../src/taskpane/components/TeamView/TeamConflicts";
import { TeamBadge } from "../../../src/taskpane/components/TeamBadge/TeamBadge";
import { teamMarks } from "../../../src/taskpane/team/to-library";
import type { Held, TeamSnippet, TeamVersion } from "../../../src/taskpane/team/types";

// Deprecating from the pane (issue 16): approvers and admins get "Deprecate…" on a snippet with an
// approved version, pick the successor (or none) from the keyboard and confirm; authors do not; a
// deprecated version says what to use instead, in the team list and in the Library's team mark; a
// deprecation held by a conflict shows both sides and can be sent again.

const version = (
  n: number,
  status: TeamVersion["status"],
  title: string,
  extra: Partial<TeamVersion> = {},
) => ({
  version: n,
  status,
  createdBy: "ana@x.test",
  createdAt: "2026-11-25T10:00:00Z",
  submittedBy: null,
  approvedBy: null,
  approvedAt: null,
  replacedBy: null,
  comment: null,
  snippet: { id: "x", title, body: `${title} text.` },
  ...extra,
});
const snippet = (id: string, versions: TeamVersion[]): TeamSnippet => ({
  library: "legal",
  id,
  owner: "ana@x.test",
  reviewBy: null,
  revision: 7,
  createdAt: "2026-11-25T10:00:00Z",
  updatedAt: "2026-11-25T10:00:00Z",
  versions,
});
const oldNda = snippet("old-nda", [version(1, "approved", "Old NDA"), version(2, "draft", "Old NDA")]);
const newNda = snippet("new-nda", [version(1, "approved", "New NDA")]);
const draftOnly = snippet("draft-only", [version(1, "draft", "Just a draft")]);
const all = [draftOnly, newNda, oldNda];

const wrap = (ui: React.ReactElement) => render(<FluentProvider theme={webLightTheme}>{ui}</FluentProvider>);
const row = (id: string) => document.querySelector<HTMLElement>(`[data-team-snippet="${id}"]`)!;

describe("Deprecate… in the team list", () => {
  it("lets an approver pick the successor and confirm, keyboard only, on the approved version", async () => {
    const calls: unknown[][] = [];
    const user = userEvent.setup();
    wrap(
      <TeamSnippetList
        snippets={all}
        canAuthor
        canApprove
        onEdit={() => {}}
        onSubmit={() => {}}
        onDeprecate={(...args) => calls.push(args)}
      />,
    );
    // Only snippets with an approved version can be deprecated.
    expect(within(row("draft-only")).queryByRole("button", { name: /^Deprecate/ })).toBeNull();
    act(() => within(row("old-nda")).getByRole("button", { name: "Deprecate Old NDA…" }).focus());
    await user.keyboard("{Enter}");
    const form = screen.getByRole("form", { name: "Deprecate Old NDA" });
    expect(form.textContent).toContain("Deprecate “Old NDA” v1");
    const box = within(form).getByRole("combobox", { name: /Use instead/ });
    expect(box.textContent).toBe("No successor");
    expect(document.activeElement).toBe(box);
    await user.keyboard("{Enter}");
    // The successor is any other team snippet, never itself.
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "No successor",
      "Just a draft (draft-only)",
      "New NDA (new-nda)",
    ]);
    await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    expect(box.textContent).toBe("New NDA (new-nda)");
    // (jsdom's Tab does not follow Fluent's listbox; the real order is checked in tests/e2e/pane-team.)
    act(() => within(form).getByRole("button", { name: "Deprecate" }).focus());
    await user.keyboard("{Enter}");
    expect(calls).toEqual([["old-nda", 1, "new-nda"]]);
    expect(screen.queryByRole("form", { name: "Deprecate Old NDA" })).toBeNull();
  });

  it("sends no successor when none is chosen, and Cancel sends nothing", async () => {
    const calls: unknown[][] = [];
    const user = userEvent.setup();
    wrap(
      <TeamSnippetList
        snippets={all}
        canAuthor={false}
        canApprove
        onEdit={() => {}}
        onSubmit={() => {}}
        onDeprecate={(...args) => calls.push(args)}
      />,
    );
    await user.click(within(row("new-nda")).getByRole("button", { name: "Deprecate New NDA…" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(calls).toEqual([]);
    await user.click(within(row("new-nda")).getByRole("button", { name: "Deprecate New NDA…" }));
    await user.click(screen.getByRole("button", { name: "Deprecate" }));
    expect(calls).toEqual([["new-nda", 1, undefined]]);
  });

  it("is not offered to authors", () => {
    wrap(
      <TeamSnippetList
        snippets={all}
        canAuthor
        onEdit={() => {}}
        onSubmit={() => {}}
        onDeprecate={() => {}}
      />,
    );
    expect(screen.queryByRole("button", { name: /^Deprecate/ })).toBeNull();
    expect(screen.getAllByRole("button", { name: /^New version of/ })).toHaveLength(3);
  });

  it("says what to use instead of a deprecated version, in the list and in the Library's mark", () => {
    const gone = snippet("old-nda", [version(1, "deprecated", "Old NDA", { replacedBy: "new-nda" })]);
    wrap(
      <>
        <TeamSnippetList snippets={[newNda, gone]} canAuthor={false} onEdit={() => {}} onSubmit={() => {}} />
        <TeamBadge mark={teamMarks("legal", [gone]).get("old-nda")!} />
      </>,
    );
    expect(within(row("old-nda")).getByText("v1 Deprecated", { exact: false })).toBeTruthy();
    expect(row("old-nda").querySelector("[data-team-successor]")?.textContent).toBe("Use “New NDA” instead.");
    expect(screen.getByText("use new-nda instead")).toBeTruthy();
    expect(document.querySelector('[data-team-mark="deprecated"]')?.textContent).toContain("v1 Deprecated");
  });
});

describe("a held deprecation", () => {
  it("shows mine and theirs, and keeping mine hands it back to be sent again", async () => {
    const held: Held = {
      reason: "conflict",
      message: "Someone changed this snippet on the server while you were editing.",
      op: {
        kind: "deprecate",
        key: "k9",
        queuedAt: "2026-11-25T10:01:00Z",
        id: "old-nda",
        base: 5,
        version: 1,
        replacedBy: "new-nda",
      },
      current: oldNda,
    };
    const choices: string[] = [];
    const user = userEvent.setup();
    wrap(<TeamConflicts held={[held]} onResolve={(_, c) => choices.push(c)} />);
    expect(screen.getByRole("group", { name: "Your version" }).textContent).toContain("Use new-nda instead.");
    expect(screen.getByText("Yours: Deprecate version 1")).toBeTruthy();
    expect(screen.getByRole("group", { name: "On the server" }).textContent).toContain("Old NDA text.");
    await user.click(screen.getByRole("button", { name: "Deprecate it on theirs" }));
    expect(choices).toEqual(["mine"]);
  });
});
