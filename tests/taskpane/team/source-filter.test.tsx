/**
 * @jest-environment jsdom
 */
import "../setup";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "@jest/globals";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { createSnippetIndex, type Snippet } from "../../../src/engine/core";
import { LibraryView } from "../../../src/taskpane/components/LibraryView/LibraryView";
import type { TeamMark } from "../../../src/taskpane/team/to-library";
import type { LibrarySource } from "../../../src/taskpane/hooks/use-library";
import { countSnippets } from "../../../src/taskpane/model/library-counts";

// Issue 16 (the pane): search and filters cover both libraries, and a Source filter narrows the
// Library to the personal or the team snippets — keyboard only, and only offered when a team library
// lists snippets. Team rows keep their status, owner and review date.

const snippet = (id: string, title: string, extra: Partial<Snippet> = {}): Snippet => ({
  id,
  version: 1,
  title,
  tags: [],
  status: "approved",
  kind: "body",
  variables: [],
  body: `${title} text.`,
  ...extra,
});

const personal = [snippet("p-pay", "Payment terms"), snippet("p-conf", "Confidentiality (own)")];
const team = [
  snippet("t-conf", "Team confidentiality", { owner: "ana@x.test", reviewBy: "2027-01-31" }),
  snippet("t-draft", "Team warranty", { status: "draft" }),
];
const teamIds = new Set(team.map((s) => s.id));
const marks: Record<string, TeamMark> = {
  "t-conf": {
    library: "legal",
    status: "approved",
    statusText: "Approved",
    latestVersion: 1,
    approvedVersion: 1,
    owner: "ana@x.test",
    reviewBy: "2027-01-31",
    pending: false,
  },
  "t-draft": {
    library: "legal",
    status: "in_review",
    statusText: "In review",
    latestVersion: 1,
    pending: false,
  },
};
const teamMark = (s: Snippet) => (teamIds.has(s.id) ? marks[s.id] : undefined);

function show(snippets: Snippet[], withTeam = true, sources: LibrarySource[] = []) {
  render(
    <FluentProvider theme={webLightTheme}>
      <LibraryView
        index={createSnippetIndex(snippets)}
        sources={sources}
        counts={{ snippets: snippets.length, versions: snippets.length, withErrors: 0 }}
        today={new Date("2026-11-25T12:00:00Z")}
        favourites={{
          favourites: new Set(),
          recent: [],
          toggleFavourite: () => {},
          markUsed: () => {},
          loaded: true,
        }}
        onOpen={() => {}}
        onImport={async () => ({ ok: true, message: "" }) as never}
        {...(withTeam ? { teamMark } : {})}
      />
    </FluentProvider>,
  );
}

const titles = () =>
  within(screen.getByRole("region", { name: /All snippets|Results/ }))
    .getAllByRole("listitem")
    .map((li) => within(li).getAllByRole("button")[0]!.textContent)
    .sort();
const sourceBox = () => screen.getByRole("combobox", { name: "Source" });

describe("Library Source filter", () => {
  it("offers All / Personal / Team with counts and narrows the list to each (keyboard only)", async () => {
    const user = userEvent.setup();
    show([...personal, ...team]);
    expect(titles()).toEqual([
      "Confidentiality (own)",
      "Payment terms",
      "Team confidentiality",
      "Team warranty",
    ]);
    expect(sourceBox().textContent).toBe("All libraries");

    act(() => sourceBox().focus());
    await user.keyboard("{Enter}");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "All libraries",
      "Personal (2)",
      "Team (2)",
    ]);
    await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    await waitFor(() => expect(titles()).toEqual(["Team confidentiality", "Team warranty"]));
    expect(screen.getByRole("status").textContent).toBe("2 of 4 snippets");
    // Browsing groups (favourites, recent) give way to results while a source is chosen.
    expect(screen.getByRole("region", { name: "Results" })).toBeTruthy();

    // Search and the source filter work together.
    await user.type(screen.getByRole("searchbox", { name: "Search snippets" }), "confidentiality");
    await waitFor(() => expect(titles()).toEqual(["Team confidentiality"]));

    act(() => sourceBox().focus());
    await user.keyboard("{Enter}");
    await user.click(screen.getByRole("option", { name: "Personal (2)" }));
    await waitFor(() => expect(titles()).toEqual(["Confidentiality (own)"]));

    await user.click(sourceBox());
    await user.click(screen.getByRole("option", { name: "All libraries" }));
    await waitFor(() => expect(titles()).toEqual(["Confidentiality (own)", "Team confidentiality"]));
  });

  it("team rows show the team mark, status, owner and review date; personal rows do not", async () => {
    show([...personal, ...team]);
    const row = (title: string) => screen.getByRole("button", { name: title }).closest("li")!;
    expect(within(row("Team confidentiality")).getByText("Team")).toBeTruthy();
    expect(row("Team confidentiality").textContent).toContain("Owner ana@x.test · review by 2027-01-31");
    expect(row("Team warranty").textContent).toContain("v1 In review");
    expect(row("Payment terms").querySelector("[data-team-mark]")).toBeNull();
  });

  it("is not offered without a team library", async () => {
    show([...personal, ...team], false);
    expect(screen.queryByRole("combobox", { name: "Source" })).toBeNull();
    expect(titles()).toHaveLength(4);
  });

  it("is not offered when the team library lists nothing", async () => {
    show(personal);
    expect(screen.queryByRole("combobox", { name: "Source" })).toBeNull();
    expect(titles()).toEqual(["Confidentiality (own)", "Payment terms"]);
  });

  it("names each library with its own counts, not the personal library's for the team's", () => {
    const source = (
      name: string,
      origin: LibrarySource["origin"],
      list: Snippet[],
      stored: number,
    ): LibrarySource => ({
      name,
      origin,
      raw: { snippets: list },
      count: list.length,
      counts: countSnippets(stored, list),
    });
    show([...personal, ...team], true, [
      source("My clauses", "starter", personal, 3),
      source("Team: Legal", "team", team.slice(0, 1), 1),
    ]);
    expect(screen.getByText(/^My clauses \(/).textContent).toBe(
      "My clauses (2 snippets · 3 versions · 1 version with errors) · Team: Legal (1 snippet)",
    );
  });
});
