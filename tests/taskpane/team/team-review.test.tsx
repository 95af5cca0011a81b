/**
 * @jest-environment jsdom
 */
import "../setup";
import { render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "@jest/globals";
import JSZip from "jszip";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { TeamReview } from "../../../src/taskpane/components/TeamView/TeamReview";
import { loadEngine } from "../../../src/taskpane/engine";
import { DEFAULT_SETTINGS } from "../../../src/taskpane/model/document";
import { renderDocxPreview } from "../../../src/taskpane/preview/render-docx";
import type { TeamSnippet, TeamVersion } from "../../../src/taskpane/team/types";
import { expectValidDocx } from "../../support/ooxml-check";

// Issue 26: the approver sees what they approve — the Word output (not "## Governing law" as Markdown
// source) and what changed since the last approved version.

jest.mock("../../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
  refitPreview: jest.fn(),
}));

const version = (n: number, body: string, extra: Partial<TeamVersion> = {}): TeamVersion => ({
  version: n,
  status: "approved",
  createdBy: "ana@x.test",
  createdAt: "2026-11-25T10:00:00Z",
  submittedBy: null,
  approvedBy: "cy@x.test",
  approvedAt: "2026-11-25T11:00:00Z",
  replacedBy: null,
  comment: null,
  snippet: {
    id: "law",
    title: "Governing law",
    body,
    variables: [{ name: "courtCity", type: "text", default: "Ghent" }],
  },
  ...extra,
});

describe("the review queue", () => {
  it("shows the version's Word output and the lines changed since the approved version", async () => {
    const engine = await loadEngine();
    const snippet: TeamSnippet = {
      library: "legal",
      id: "law",
      owner: "ana@x.test",
      reviewBy: null,
      revision: 3,
      createdAt: "2026-11-25T10:00:00Z",
      updatedAt: "2026-11-25T10:00:00Z",
      versions: [
        version(1, "## Governing law\n\nBelgian law applies.\nThe courts of {{courtCity}} decide."),
        version(2, "## Governing law\n\nFrench law applies.\nThe courts of {{courtCity}} decide.", {
          status: "in_review",
          submittedBy: "ana@x.test",
          approvedBy: null,
          approvedAt: null,
        }),
      ],
    };
    render(
      <FluentProvider theme={webLightTheme}>
        <TeamReview
          snippets={[snippet]}
          user="cy@x.test"
          onApprove={() => undefined}
          onSendBack={() => undefined}
          context={{
            engine,
            settings: DEFAULT_SETTINGS,
            today: new Date("2026-11-01T00:00:00Z"),
            others: [],
          }}
        />
      </FluentProvider>,
    );
    const changes = screen.getByRole("region", { name: "Changes in Governing law" });
    expect(within(changes).getByText(/Changes from the approved version 1/)).toBeTruthy();
    const marked = [...changes.querySelectorAll("[data-diff]")].map(
      (e) => `${e.getAttribute("data-diff")}:${e.textContent}`,
    );
    expect(marked.filter((m) => !m.startsWith("same"))).toEqual([
      "removed:- Belgian law applies.",
      "added:+ French law applies.",
    ]);
    // The preview is the engine's .docx of version 2, its heading a Word heading, its variable filled.
    const draw = renderDocxPreview as unknown as { mock: { calls: unknown[][] } } & ((
      ...a: unknown[]
    ) => unknown);
    await waitFor(() => expect(draw).toHaveBeenCalled(), { timeout: 30_000 });
    const blob = draw.mock.calls.at(-1)![0] as Blob;
    // jsdom's Blob has no arrayBuffer(): read it as a browser without one would.
    const bytes = await new Promise<Uint8Array>((done, fail) => {
      const reader = new FileReader();
      reader.onload = () => done(new Uint8Array(reader.result as ArrayBuffer));
      reader.onerror = () => fail(reader.error);
      reader.readAsArrayBuffer(blob);
    });
    await expectValidDocx(bytes);
    const xml = await (await JSZip.loadAsync(bytes)).file("word/document.xml")!.async("string");
    expect(xml).toMatch(/<w:pStyle w:val="Heading\d"\/>/);
    expect(xml).not.toContain("## Governing law");
    expect(xml).toContain("French law applies.");
    expect(xml).toContain("Ghent");
    // The Markdown source is shown only as the diff's lines, never as the version's text on its own.
    expect([...document.querySelectorAll("pre")].every((pre) => pre.querySelector("[data-diff]"))).toBe(true);
  });
});
