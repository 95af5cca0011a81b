/**
 * @jest-environment jsdom
 */
// Issue 32: clause references through the pane. Insert hands the Word stand-in one package whose
// references point at the inserted headings with the numbers the outline's order gives; a reference
// to a clause an earlier Insert put in the document points at that clause's bookmark (WordHost
// readHeadings); one found nowhere is a warning in the user's words (no template tag, no code) before
// the Insert, never an error that stops it; and a snippet's preview shows "[clause not included]".
import "./setup";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import JSZip from "jszip";
import { describe, expect, it } from "@jest/globals";
import { renderDocxPreview } from "../../src/taskpane/preview/render-docx";
import { blobBytes, decodePiece, fakeHost } from "./fake-host";
import { renderApp, seedDocument } from "./render-app";
import type { DocumentHeading } from "../../src/taskpane/host";

jest.mock("../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

const library = {
  format: "sectionsmith/library@1",
  name: "References",
  snippets: [
    {
      id: "definitions",
      title: "Definitions",
      status: "approved",
      body: '# Definitions\n\nFees are set in clause {{ref "fees"}}.',
    },
    {
      id: "payment",
      title: "Payment",
      status: "approved",
      body: '# Payment\n\n## Fees {{anchor "fees"}}\n\nAs defined in clause {{ref "definitions"}}.',
    },
  ],
};
const load = async () => structuredClone(library);

/** Each REF field's code and the result written in it, in document order. */
async function insertedFields(host: ReturnType<typeof fakeHost>) {
  const zip = await JSZip.loadAsync(decodePiece(host.calls.at(-1)!.pieces[0]!));
  const xml = await zip.file("word/document.xml")!.async("string");
  return [
    ...xml.matchAll(
      /<w:instrText[^>]*>([^<]*)<\/w:instrText>[\s\S]*?w:fldCharType="separate"\/><\/w:r><w:r>(?:<w:rPr>[\s\S]*?<\/w:rPr>)?<w:t[^>]*>([^<]*)<\/w:t>/g,
    ),
  ].map(
    (m) =>
      `${m[1]!
        .trim()
        .split(" ")[1]!
        .replace(/_[0-9a-z]+$/, "")} → ${m[2]}`,
  );
}

async function documentXml(host: ReturnType<typeof fakeHost>) {
  const zip = await JSZip.loadAsync(decodePiece(host.calls.at(-1)!.pieces[0]!));
  return zip.file("word/document.xml")!.async("string");
}

/** The outline, with legal clause numbers. */
async function seedLegal(host: ReturnType<typeof fakeHost>, sections: Array<{ snippet: string }>) {
  await seedDocument(host, sections);
  const { openStore } = await import("../../src/taskpane/model/storage");
  const store = await openStore(host.storageKey());
  const doc = (await store.get("document")) as { settings: Record<string, unknown> };
  await store.set("document", { ...doc, settings: { ...doc.settings, headingNumbering: "legal" } });
}

async function insert(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("tab", { name: /Document/ }));
  await screen.findByRole("list", { name: "Document outline" });
  await user.click(screen.getByRole("button", { name: "Insert into Word" }));
}

describe("Insert with clause references", () => {
  it.each([
    [
      ["definitions", "payment"],
      ["_Ref_fees → 2.1", "_Ref_definitions → 1"],
    ],
    [
      ["payment", "definitions"],
      ["_Ref_definitions → 2", "_Ref_fees → 1.1"],
    ],
  ])("in the order %j the references read %j", async (order, expected) => {
    const host = fakeHost();
    await seedDocument(
      host,
      order.map((snippet) => ({ snippet })),
    );
    const { openStore } = await import("../../src/taskpane/model/storage");
    const store = await openStore(host.storageKey());
    const doc = (await store.get("document")) as { settings: Record<string, unknown> };
    await store.set("document", { ...doc, settings: { ...doc.settings, headingNumbering: "legal" } });
    await renderApp(host, { library: load });
    const user = userEvent.setup();
    await insert(user);
    await waitFor(() => expect(host.calls).toHaveLength(1), { timeout: 30_000 });
    expect(await insertedFields(host)).toEqual(expected);
  });

  it("a reference to a clause neither inserted now nor in the document is a warning in the user's words; Insert anyway shows “[clause not included]”", async () => {
    const host = fakeHost();
    await seedLegal(host, [{ snippet: "definitions" }]);
    await renderApp(host, { library: load });
    const user = userEvent.setup();
    await insert(user);
    const message = await screen.findByText(
      /refers to the clause “fees”, which is not in this document: it reads “\[clause not included\]” there/,
      undefined,
      { timeout: 30_000 },
    );
    expect(message.textContent).not.toMatch(/\{\{|REF_/);
    expect(host.calls).toHaveLength(0);
    await user.click(await screen.findByRole("button", { name: "Insert anyway" }));
    await waitFor(() => expect(host.calls).toHaveLength(1), { timeout: 30_000 });
    const xml = await documentXml(host);
    expect(xml.replace(/<[^>]+>/g, "")).toContain("Fees are set in clause [clause not included].");
    expect(xml).not.toContain("REF ");
  });

  it("a reference to a clause an earlier Insert put in the document is a REF field to its bookmark, with its number as Word shows it", async () => {
    const headings: DocumentHeading[] = [
      { bookmark: "_Ref_payment_k3x", tag: "sectionsmith:payment@1", number: "4", text: "Payment" },
      { bookmark: "_Ref_fees_k3x", tag: "sectionsmith:payment@1", number: "4.1", text: "Fees" },
    ];
    const host = { ...fakeHost(), readHeadings: async () => headings };
    await seedLegal(host, [{ snippet: "definitions" }]);
    await renderApp(host, { library: load });
    const user = userEvent.setup();
    await insert(user);
    await waitFor(() => expect(host.calls).toHaveLength(1), { timeout: 30_000 });
    expect(await insertedFields(host)).toEqual(["_Ref_fees → 4.1"]);
    expect(await documentXml(host)).toContain("REF _Ref_fees_k3x \\w \\h");
  });
});

describe("The preview of one snippet", () => {
  it.each([
    [["definitions", "payment"], "2.1"],
    [["payment", "definitions"], "1.1"],
  ])(
    "in the outline %j shows the number the outline gives the clause it refers to (%s)",
    async (order, number) => {
      const host = fakeHost();
      await seedLegal(
        host,
        order.map((snippet) => ({ snippet })),
      );
      await renderApp(host, { library: load });
      const user = userEvent.setup();
      await user.click(screen.getByRole("button", { name: "Definitions" }));
      await waitFor(
        async () => {
          const blob = jest.mocked(renderDocxPreview).mock.calls.at(-1)![0];
          const zip = await JSZip.loadAsync(await blobBytes(blob));
          const xml = await zip.file("word/document.xml")!.async("string");
          // What the reader sees: the field's result, not its code.
          const text = xml.replace(/<w:instrText[^>]*>[^<]*<\/w:instrText>/g, "").replace(/<[^>]+>/g, "");
          expect(text).toContain(`Fees are set in clause ${number}.`);
        },
        { timeout: 30_000 },
      );
    },
  );

  it("shows “[clause not included]” where it refers to a clause not shown", async () => {
    const host = fakeHost();
    await renderApp(host, { library: load });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Definitions" }));
    await waitFor(
      async () => {
        const blob = jest.mocked(renderDocxPreview).mock.calls.at(-1)![0];
        const zip = await JSZip.loadAsync(await blobBytes(blob));
        const xml = await zip.file("word/document.xml")!.async("string");
        expect(xml.replace(/<[^>]+>/g, "")).toContain("Fees are set in clause [clause not included].");
      },
      { timeout: 30_000 },
    );
  });
});
