/**
 * @jest-environment jsdom
 */
// Issue 27: the outline tells sections apart by their first values, written as the document will write
// them — in the document's locale, like the amounts — not as stored ("2027-03-15", "12500").
import "./setup";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "@jest/globals";
import { DEFAULT_SETTINGS } from "../../src/taskpane/model/document";
import { openStore } from "../../src/taskpane/model/storage";
import { fakeHost } from "./fake-host";
import { renderApp } from "./render-app";

jest.mock("../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

async function outlineIn(locale: string) {
  const host = fakeHost();
  const store = await openStore(host.storageKey());
  await store.set("document", {
    settings: { ...DEFAULT_SETTINGS, locale },
    sections: [
      {
        key: "k0",
        snippet: "payment",
        title: "Payment terms",
        values: { fee: 12500, due: "2027-03-15" },
        headingOffset: 0,
        pageBreakBefore: false,
        numbering: "restart",
      },
    ],
  });
  await renderApp(host);
  await userEvent.setup().click(screen.getByRole("tab", { name: /Document/ }));
  const outline = await screen.findByRole("list", { name: "Document outline" });
  return within(outline).getByRole("listitem", { name: /^Payment terms, section/ }).textContent ?? "";
}

describe("the outline's values follow the document's locale", () => {
  it("en-GB", async () => {
    const text = await outlineIn("en-GB");
    expect(text).toContain("Fee: €12,500.00");
    expect(text).toContain("Due date: 15 March 2027");
    expect(text).not.toContain("2027-03-15");
  });

  it("de-DE", async () => {
    const text = await outlineIn("de-DE");
    expect(text).toMatch(/Fee: 12\.500,00\s€/); // Intl puts a no-break space before the sign
    expect(text).toContain("Due date: 15. März 2027");
  });
});
