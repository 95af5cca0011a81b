/**
 * @jest-environment jsdom
 */
// Issue 27: legal clause numbering (1, 1.1, (a)) is in the engine (assembly options.headingNumbering
// "legal") and docs/task-pane.md promises split inserts keep it; the pane's Document settings now offer
// it. Switched on, the package Insert hands Word numbers the headings from one multi-level list whose
// second level reads "%1.%2" (1.1); switched off (the default) the headings carry no number.
import "./setup";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import JSZip from "jszip";
import { describe, expect, it } from "@jest/globals";
import { decodePiece, fakeHost } from "./fake-host";
import { renderApp, seedDocument, storedDocument } from "./render-app";

jest.mock("../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

async function insertedParts(host: ReturnType<typeof fakeHost>) {
  const zip = await JSZip.loadAsync(decodePiece(host.calls.at(-1)!.pieces[0]!));
  return {
    document: await zip.file("word/document.xml")!.async("string"),
    numbering: (await zip.file("word/numbering.xml")?.async("string")) ?? "",
  };
}

/** The paragraph holding `text`, with its properties. */
const paragraphWith = (xml: string, text: string) =>
  (xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []).find((p) => p.includes(`>${text}<`)) ?? "";

describe("Document settings: legal clause numbers", () => {
  it("numbers the headings 1, 1.1 … in what Insert hands Word when switched on", async () => {
    const host = fakeHost();
    await seedDocument(host, [{ snippet: "warranty" }, { snippet: "liability" }]);
    await renderApp(host);
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: /Document/ }));
    await screen.findByRole("list", { name: "Document outline" });

    await user.click(screen.getByRole("button", { name: "Insert into Word" }));
    await user.click(await screen.findByRole("button", { name: "Insert anyway" }));
    await screen.findByText("Inserted 2 sections into Word.");
    expect(paragraphWith((await insertedParts(host)).document, "Warranty")).not.toMatch(/<w:numPr>/);
    await user.click(screen.getByRole("button", { name: "Dismiss" }));

    await user.click(screen.getByRole("button", { name: "Document settings" }));
    const legal = screen.getByRole("switch", { name: /Legal clause numbers/ }) as HTMLInputElement;
    expect(legal.checked).toBe(false);
    await user.click(legal);
    await waitFor(async () =>
      expect((await storedDocument(host))?.settings).toMatchObject({ headingNumbering: "legal" }),
    );
    await user.click(screen.getByRole("button", { name: "Insert into Word" }));
    await user.click(await screen.findByRole("button", { name: "Insert anyway" }));
    await waitFor(() => expect(host.calls).toHaveLength(2));
    const { document, numbering } = await insertedParts(host);
    expect(paragraphWith(document, "Warranty")).toMatch(/<w:numPr>/);
    expect(paragraphWith(document, "Liability")).toMatch(/<w:numPr>/);
    expect(numbering).toContain('w:val="%1.%2"');
  });
});
