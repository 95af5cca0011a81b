/**
 * @jest-environment jsdom
 */
import "./setup";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import JSZip from "jszip";
import { describe, expect, it } from "@jest/globals";
import { hostError } from "../../src/office/word-host";
import type { InsertPiece, WordHost } from "../../src/taskpane/host";
import { fakeHost } from "./fake-host";
import { testLibrary } from "./fixtures";
import { renderApp, seedDocument } from "./render-app";

jest.mock("../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

type Control = { tag: string; title: string; text: string };

/** The test library, plus newer approved versions of payment (fillable) and liability (needs a value). */
const library = async (): Promise<unknown> => {
  const lib = structuredClone(testLibrary) as { snippets: Array<Record<string, unknown>> };
  const payment = lib.snippets.find((s) => s.id === "payment")!;
  const liability = lib.snippets.find((s) => s.id === "liability")!;
  lib.snippets.push(
    {
      ...structuredClone(payment),
      version: 2,
      body: "## Payment v2\n\nThe fee is {{fee}}, paid by {{method}}.",
    },
    {
      ...structuredClone(liability),
      version: 2,
      reviewBy: "2027-01-01",
      variables: [
        { name: "party", label: "Party", type: "text", default: "Contoso" },
        { name: "cap", label: "Liability cap", type: "text", required: true },
      ],
      body: "## Liability\n\n{{party}} is liable up to {{cap}}.",
    },
  );
  return lib;
};

/** A Word host whose document holds `controls`; replaceTaggedContent retags them as Word would. */
function wordWith(controls: Control[], replace?: (tag: string, piece: InsertPiece) => Promise<void>) {
  const replaced: Array<{ tag: string; piece: InsertPiece }> = [];
  const host: WordHost = {
    ...fakeHost(),
    listTaggedContent: async () => controls.map((c) => ({ ...c })),
    replaceTaggedContent: async (tag, piece) => {
      if (replace) await replace(tag, piece);
      replaced.push({ tag, piece });
      for (const c of controls)
        if (c.tag === tag) Object.assign(c, { tag: piece.tag ?? tag, title: piece.title ?? c.title });
    },
  };
  return { host, replaced };
}

async function openInventory(host: WordHost) {
  await renderApp(host, { library });
  const user = userEvent.setup();
  await user.click(screen.getByRole("tab", { name: /Document/ }));
  const list = await screen.findByRole("list", { name: "Snippets in this document" });
  return { user, list };
}

const row = (name: string) =>
  within(screen.getByRole("list", { name: "Snippets in this document" })).getByRole("listitem", {
    name: new RegExp(`^${name},`),
  });

async function documentText(piece: InsertPiece): Promise<string> {
  const zip = await JSZip.loadAsync(Buffer.from(piece.base64, "base64"));
  const xml = (await zip.file("word/document.xml")!.async("string")).replace(/<[^>]+>/g, "");
  return xml;
}

describe("In this document (inventory)", () => {
  it("flags each snippet found in the document", async () => {
    const { host } = wordWith([
      { tag: "sectionsmith:payment@1", title: "Payment terms", text: "…" },
      { tag: "sectionsmith:confidentiality@3", title: "Confidentiality", text: "…" },
      { tag: "sectionsmith:warranty@2", title: "Warranty", text: "…" },
      { tag: "sectionsmith:cover@1", title: "Cover page", text: "…" },
      { tag: "sectionsmith:liability@1", title: "Limitation of liability", text: "…" },
      { tag: "sectionsmith:elsewhere@1", title: "From another library", text: "…" },
      { tag: "sectionsmith:payment@1", title: "Payment terms", text: "…" },
    ]);
    const { list } = await openInventory(host);
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("aria-label")),
    ).toEqual([
      "Payment terms, Newer version",
      "Confidentiality, Current",
      "Warranty, Deprecated",
      "Cover page, Draft",
      "Limitation of liability, Newer version, Stale",
      "From another library, Unknown",
    ]);
    expect(row("Payment terms").textContent).toContain("inserted 2 times");
    expect(row("Warranty").textContent).toContain("Deprecated, with no replacement named.");
    expect(row("From another library").textContent).toContain("Not in your library");
    expect(screen.getByText("6 snippets in this document, 5 need attention.")).toBeTruthy();
  });

  it("updates one in place with the values of its section in the outline", async () => {
    const { host, replaced } = wordWith([
      { tag: "sectionsmith:payment@1", title: "Payment terms", text: "…" },
      { tag: "sectionsmith:confidentiality@3", title: "Confidentiality", text: "…" },
    ]);
    await seedDocument(host, [
      { snippet: "payment", version: 1, title: "Payment terms", values: { method: "Bank transfer" } },
    ]);
    const { user } = await openInventory(host);
    await user.click(
      within(row("Payment terms")).getByRole("button", { name: "Update Payment terms to version 2" }),
    );

    expect(await screen.findByText("Updated “Payment terms” to version 2.")).toBeTruthy();
    expect(replaced).toHaveLength(1);
    const [{ tag, piece }] = replaced as [{ tag: string; piece: InsertPiece }];
    expect(tag).toBe("sectionsmith:payment@1");
    expect(piece.tag).toBe("sectionsmith:payment@2");
    expect(piece.title).toBe("Payment terms");
    const text = await documentText(piece);
    expect(text).toContain("Payment v2");
    expect(text).toContain("paid by Bank transfer"); // the outline's value, not the default "Card"
    // Read again after the update: now current.
    await waitFor(() =>
      expect(row("Payment terms").getAttribute("aria-label")).toBe("Payment terms, Current"),
    );
    expect(screen.getByText("2 snippets in this document, all up to date.")).toBeTruthy();
  });

  it("names missing values instead of updating, and opens the new version prefilled", async () => {
    const { host, replaced } = wordWith([
      { tag: "sectionsmith:liability@1", title: "Limitation of liability", text: "…" },
    ]);
    await seedDocument(host, [
      { snippet: "liability", version: 1, title: "Limitation of liability", values: { party: "Fabrikam" } },
    ]);
    const { user } = await openInventory(host);
    const item = row("Limitation of liability");
    expect(within(item).queryByRole("button", { name: /^Update/ })).toBeNull();
    expect(item.textContent).toContain("Version 2 needs Liability cap");
    await user.click(
      within(item).getByRole("button", { name: "Open version 2 of Limitation of liability to fill in" }),
    );

    await screen.findByRole("heading", { level: 2, name: /^Limitation of liability/ });
    expect(screen.getByText(/^Version 2\b/)).toBeTruthy(); // the form names the version it was opened at
    expect((screen.getByRole("textbox", { name: "Party" }) as HTMLInputElement).value).toBe("Fabrikam");
    expect((screen.getByRole("textbox", { name: /Liability cap/ }) as HTMLInputElement).value).toBe("");
    expect(replaced).toEqual([]);
  });

  it("says what to do when Word refuses the update, and keeps the entry", async () => {
    const { host } = wordWith(
      [{ tag: "sectionsmith:payment@1", title: "Payment terms", text: "…" }],
      async () => {
        throw hostError(
          "not-found",
          'No content control tagged "sectionsmith:payment@1" is left in this document.',
          "The section was deleted or its content control removed: insert it again instead.",
        );
      },
    );
    const { user } = await openInventory(host);
    await user.click(screen.getByRole("button", { name: "Update Payment terms to version 2" }));
    expect(await screen.findByText(/No content control tagged "sectionsmith:payment@1"/)).toBeTruthy();
    expect(screen.getByText(/insert it again instead\./)).toBeTruthy();
    expect(row("Payment terms").getAttribute("aria-label")).toBe("Payment terms, Newer version");
    expect(
      screen.getByRole("button", { name: "Update Payment terms to version 2" }).hasAttribute("disabled"),
    ).toBe(false);
  });

  it("reads the document again on Refresh", async () => {
    const controls: Control[] = [];
    const { host } = wordWith(controls);
    const { user } = await openInventoryEmpty(host);
    controls.push({ tag: "sectionsmith:cover@1", title: "Cover page", text: "…" });
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    await screen.findByRole("listitem", { name: "Cover page, Draft" });
  });

  it("explains itself in standalone mode", async () => {
    await renderApp(fakeHost({ mode: "standalone" }), { library });
    await userEvent.setup().click(screen.getByRole("tab", { name: /Document/ }));
    expect(await screen.findByText(/Open Sectionsmith inside Word to see which snippets/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Refresh" })).toBeNull();
  });
});

async function openInventoryEmpty(host: WordHost) {
  await renderApp(host, { library });
  const user = userEvent.setup();
  await user.click(screen.getByRole("tab", { name: /Document/ }));
  await screen.findByText(/No Sectionsmith sections found in this document/);
  return { user };
}
