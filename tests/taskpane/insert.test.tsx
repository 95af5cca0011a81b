/**
 * @jest-environment jsdom
 */
import "./setup";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import JSZip from "jszip";
import { afterEach, describe, expect, it } from "@jest/globals";
import { DOCX_MIME } from "../../src/engine/pack/output";
import { blobBytes, decodePiece, fakeHost } from "./fake-host";
import { renderApp, seedDocument } from "./render-app";

jest.mock("../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

const zipMagic = (bytes: Uint8Array) => String.fromCharCode(bytes[0]!, bytes[1]!);

async function openDocument(
  host: ReturnType<typeof fakeHost>,
  sections: Array<{ snippet: string; version?: number }>,
) {
  await seedDocument(
    host,
    sections.map((s) => ({ ...s, title: s.snippet })),
  );
  await renderApp(host);
  const user = userEvent.setup();
  await user.click(screen.getByRole("tab", { name: /Document/ }));
  await screen.findByRole("list", { name: "Document outline" });
  return user;
}

describe("Insert into Word", () => {
  it("inserts one package for the whole outline, each section in its own control tagged id@version", async () => {
    const host = fakeHost();
    const user = await openDocument(host, [{ snippet: "confidentiality" }, { snippet: "payment" }]);
    await user.click(screen.getByRole("button", { name: "Insert into Word" }));
    await screen.findByText("Inserted 2 sections into Word.");
    expect(host.calls).toHaveLength(1);
    const [call] = host.calls;
    expect(call!.location).toBe("cursor");
    expect(call!.pieces).toHaveLength(1);
    const [piece] = call!.pieces;
    expect(piece!.hasControls).toBe(true);
    expect(piece!.tag).toBeUndefined();
    const bytes = decodePiece(piece!);
    expect(zipMagic(bytes)).toBe("PK");
    const doc = await (await JSZip.loadAsync(bytes)).file("word/document.xml")!.async("string");
    expect([...doc.matchAll(/<w:tag w:val="([^"]+)"\/>/g)].map((m) => m[1])).toEqual([
      "sectionsmith:confidentiality@3",
      "sectionsmith:payment@1",
    ]);
    expect([...doc.matchAll(/<w:alias w:val="([^"]+)"\/>/g)].map((m) => m[1])).toEqual([
      "Confidentiality",
      "Payment terms",
    ]);
    // The host's styles win unless the user chose the snippets' formatting.
    expect(call!.options).toEqual({ formatting: "host" });
  });

  it("passes “Use the snippets’ formatting” to Word for that insert", async () => {
    const host = fakeHost();
    const user = await openDocument(host, [{ snippet: "confidentiality" }]);
    await user.click(screen.getByRole("button", { name: "Choose where to insert" }));
    await user.click(await screen.findByRole("menuitemcheckbox", { name: "Use the snippets’ formatting" }));
    await user.click(await screen.findByRole("menuitem", { name: "At the end of the document" }));
    await screen.findByText("Inserted 1 section into Word.");
    expect(host.calls[0]!.location).toBe("end");
    expect(host.calls[0]!.options).toEqual({ formatting: "snippets" });
  });

  it("inserts one whole document for 'Replace the whole document'", async () => {
    const host = fakeHost();
    const user = await openDocument(host, [{ snippet: "confidentiality" }, { snippet: "payment" }]);
    await user.click(screen.getByRole("button", { name: "Choose where to insert" }));
    await user.click(await screen.findByRole("menuitem", { name: "Replace the whole document" }));
    await screen.findByText("Inserted the document into Word.");
    expect(host.calls[0]!.location).toBe("replace-document");
    expect(host.calls[0]!.pieces).toHaveLength(1);
    expect(zipMagic(decodePiece(host.calls[0]!.pieces[0]!))).toBe("PK");
  });

  it("disables the locations the host cannot do and says why", async () => {
    const why = "Opening a new document needs Word 2016 or later (WordApi 1.3).";
    const host = fakeHost({ cannot: { "new-document": why } });
    const user = await openDocument(host, [{ snippet: "confidentiality" }]);
    await user.click(screen.getByRole("button", { name: "Choose where to insert" }));
    const item = await screen.findByRole("menuitem", { name: "As a new Word document" });
    expect(item.getAttribute("aria-disabled")).toBe("true");
    const describedBy = item.getAttribute("aria-describedby")!;
    expect(document.getElementById(describedBy)?.textContent).toBe(why);
    await user.click(item);
    expect(host.calls).toHaveLength(0);
  });

  it("shows warnings before inserting: Cancel inserts nothing, Insert anyway inserts", async () => {
    const host = fakeHost();
    const user = await openDocument(host, [{ snippet: "cover" }, { snippet: "confidentiality" }]);
    await user.click(screen.getByRole("button", { name: "Insert into Word" }));
    const title = await screen.findByText("Check before inserting");
    const bar = title.closest(".fui-MessageBar") as HTMLElement;
    // In the user's words, numbered as the outline numbers sections: no path, no code.
    expect(bar.textContent).toContain("Section 1, “Cover page”, is a draft: it has not been approved for use yet.");
    expect(bar.textContent).not.toMatch(/SNIPPET_DRAFT|sections\[/);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(host.calls).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Insert into Word" }));
    await user.click(await screen.findByRole("button", { name: "Insert anyway" }));
    await screen.findByText("Inserted 2 sections into Word.");
    expect(host.calls).toHaveLength(1);
  });

  it("refuses a piece over the host's size limit with what to do", async () => {
    const host = fakeHost({ maxInsertBytes: 100 });
    const user = await openDocument(host, [{ snippet: "confidentiality" }]);
    await user.click(screen.getByRole("button", { name: "Insert into Word" }));
    expect(await screen.findByText(/accepts at most 0\.0 MB at once/)).toBeTruthy();
    expect(screen.getByText(/Download \.docx and open it in Word/)).toBeTruthy();
    expect(host.calls).toHaveLength(0);
  });

  it("turns a host error into its message and action", async () => {
    const fail = Object.assign(new Error("Word rejected the content."), {
      code: "word-rejected",
      action: "Try inserting at the end.",
    });
    const host = fakeHost({ fail });
    const user = await openDocument(host, [{ snippet: "confidentiality" }]);
    await user.click(screen.getByRole("button", { name: "Insert into Word" }));
    expect(await screen.findByText("Word rejected the content.")).toBeTruthy();
    expect(screen.getByText(/Try inserting at the end\./)).toBeTruthy();
  });

  it("reports build errors with where they are", async () => {
    const host = fakeHost();
    const user = await openDocument(host, [{ snippet: "confidentiality", version: 9 }]);
    await user.click(screen.getByRole("button", { name: "Insert into Word" }));
    expect(await screen.findByText("The document cannot be built.")).toBeTruthy();
    expect(screen.getByText(/Section 1, “confidentiality”: /)).toBeTruthy();
    expect(screen.queryByText(/sections\[0\]/)).toBeNull();
    expect(host.calls).toHaveLength(0);
  });
});

describe("Download .docx", () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("builds the whole document as a Blob and downloads it named after the title", async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = jest.fn((b: Blob) => {
      blobs.push(b);
      return "blob:test";
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const host = fakeHost({
      mode: "standalone",
      cannot: {
        cursor: "Open in Word",
        "replace-selection": "x",
        start: "x",
        end: "x",
        "replace-document": "x",
        "new-document": "x",
      },
    });
    const user = await openDocument(host, [{ snippet: "confidentiality" }, { snippet: "payment" }]);
    expect(screen.getByRole("button", { name: "Insert into Word" }).hasAttribute("disabled")).toBe(true);
    await user.click(screen.getByRole("button", { name: "Download .docx" }));
    await screen.findByText("Downloaded Test agreement.docx.");
    expect(names).toEqual(["Test agreement.docx"]);
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.type).toBe(DOCX_MIME);
    expect(zipMagic(await blobBytes(blobs[0]!))).toBe("PK");
    await waitFor(() => expect(host.calls).toHaveLength(0));
  });
});
