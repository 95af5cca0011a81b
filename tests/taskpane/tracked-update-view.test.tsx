/**
 * @jest-environment jsdom
 */
// The Document tab's "Update as tracked changes" (the default where Word has WordApi 1.4): the piece is
// a redline of the section's old version against its new one, handed to WordHost with `tracked`; a
// section edited in Word since its insert is not overwritten; "Replace silently" is the other choice.
import "./setup";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import JSZip from "jszip";
import { describe, expect, it } from "@jest/globals";
import { exportRedline } from "../../src/engine";
import type { InsertPiece, ReplaceOptions, WordHost } from "../../src/office/word-host";
import { buildAssembly } from "../../src/taskpane/model/assembly";
import { DEFAULT_SETTINGS } from "../../src/taskpane/model/document";
import { fakeHost } from "./fake-host";
import { PAYMENT_V1_SECTION, paymentV2Library } from "./fixtures";
import { renderApp, seedDocument } from "./render-app";

jest.mock("../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

const library = paymentV2Library;
const SECTION = PAYMENT_V1_SECTION;

/** What Word reads in the control after inserting version 1 with the outline's values. */
async function insertedText(): Promise<string> {
  const settings = { ...DEFAULT_SETTINGS, title: "Test agreement" };
  const asm = buildAssembly([SECTION], settings, { whole: false });
  const r = await exportRedline(library(), asm, asm, { as: "buffer", shape: "fragment" });
  return r.text.before.replace(/\n/g, "\r");
}

type Replaced = { tag: string; piece: InsertPiece; options?: ReplaceOptions };

function wordWith(text: string, tracking: { ok: boolean; why?: string } = { ok: true }) {
  const replaced: Replaced[] = [];
  const controls = [{ tag: "sectionsmith:payment@1", title: "Payment terms", text }];
  const base = fakeHost();
  const host: WordHost = {
    ...base,
    capabilities: () => ({ ...base.capabilities(), trackChanges: tracking }),
    listTaggedContent: async () => controls.map((c) => ({ ...c })),
    replaceTaggedContent: async (tag, piece, options) => {
      replaced.push({ tag, piece, ...(options ? { options } : {}) });
      for (const c of controls) if (c.tag === tag) Object.assign(c, { tag: piece.tag ?? tag });
    },
  };
  return { host, replaced };
}

async function open(host: WordHost) {
  await seedDocument(host, [SECTION]);
  await renderApp(host, { library: async () => library() });
  const user = userEvent.setup();
  await user.click(screen.getByRole("tab", { name: /Document/ }));
  await screen.findByRole("list", { name: "Snippets in this document" });
  return user;
}

async function documentXml(piece: InsertPiece): Promise<string> {
  const zip = await JSZip.loadAsync(Buffer.from(piece.base64, "base64"));
  return zip.file("word/document.xml")!.async("string");
}

const update = () => screen.getByRole("button", { name: "Update Payment terms to version 2" });

describe("Update as tracked changes", () => {
  it("is the default: a redline of version 1 against 2, by the snippet's owner, handed over with tracked", async () => {
    const { host, replaced } = wordWith(await insertedText());
    const user = await open(host);
    const choice = screen.getByRole("radiogroup", { name: "How updates go into the document" });
    expect((within(choice).getByRole("radio", { name: /tracked changes/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(update());

    expect(
      await screen.findByText(/Updated “Payment terms” to version 2 as \d+ tracked changes/),
    ).toBeTruthy();
    expect(replaced).toHaveLength(1);
    const [{ tag, piece, options }] = replaced as [Replaced];
    expect(tag).toBe("sectionsmith:payment@1");
    expect(options).toEqual({ tracked: true });
    expect(piece.tag).toBe("sectionsmith:payment@2");
    const xml = await documentXml(piece);
    expect(xml).toMatch(/<w:ins w:id="\d+" w:author="Contoso Legal" w:date="[^"]+Z">/);
    expect(xml).toMatch(/<w:del w:id="\d+" w:author="Contoso Legal"/);
    expect(xml).toContain("<w:delText");
    expect(xml).toContain("Bank transfer"); // the outline's values on both sides
    await waitFor(() =>
      expect(screen.getByRole("listitem", { name: /^Payment terms, Current/ })).toBeTruthy(),
    );
  });

  it("a section edited in Word since its insert is not overwritten: the user is told, nothing changes", async () => {
    const { host, replaced } = wordWith((await insertedText()).replace("Bank transfer", "cheque"));
    const user = await open(host);
    await user.click(update());
    expect(
      await screen.findByText(/was edited in Word since it was inserted \(from “cheque” on\)/),
    ).toBeTruthy();
    expect(screen.getByText(/choose “Replace silently” to overwrite them/)).toBeTruthy();
    expect(replaced).toEqual([]);
  });

  it("“Replace silently” puts the new version in without tracked changes", async () => {
    const { host, replaced } = wordWith("edited text");
    const user = await open(host);
    await user.click(screen.getByRole("radio", { name: "Replace silently" }));
    await user.click(update());
    expect(await screen.findByText("Updated “Payment terms” to version 2.")).toBeTruthy();
    const [{ piece, options }] = replaced as [Replaced];
    expect(options).toBeUndefined();
    const xml = await documentXml(piece);
    expect(xml).not.toContain("<w:ins ");
    expect(xml).not.toContain("<w:del ");
  });

  it("below WordApi 1.4: tracked is not offered, says why, and updates replace silently", async () => {
    const why = "This version of Word cannot switch Track Changes for an add-in (it lacks WordApi 1.4)";
    const { host, replaced } = wordWith(await insertedText(), { ok: false, why });
    const user = await open(host);
    const tracked = screen.getByRole("radio", { name: /tracked changes/ }) as HTMLInputElement;
    expect(tracked.disabled).toBe(true);
    expect((screen.getByRole("radio", { name: "Replace silently" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(`${why}.`)).toBeTruthy();
    await user.click(update());
    await screen.findByText("Updated “Payment terms” to version 2.");
    expect((replaced as [Replaced])[0].options).toBeUndefined();
  });
});
