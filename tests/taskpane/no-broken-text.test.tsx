/**
 * @jest-environment jsdom
 */
// Issue 13, "Broken text never reaches a document without a warning": a variable the text shows must be
// filled in before Add; numbers keep what was typed and say at the field what is wrong; the preview
// shows a gap as "[Label]" (never "within 0 days") and never an engine path or a regular expression;
// a locale that is not one is refused.
import "./setup";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import JSZip from "jszip";
import { describe, expect, it } from "@jest/globals";
import { renderDocxPreview } from "../../src/taskpane/preview/render-docx";
import { blobBytes, fakeHost } from "./fake-host";
import { renderApp, storedDocument } from "./render-app";

jest.mock("../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

const library = {
  format: "sectionsmith/library@1",
  name: "Gaps",
  snippets: [
    {
      id: "nda",
      title: "Confidentiality",
      status: "approved",
      variables: [
        { name: "mutual", label: "Mutual?", type: "boolean", default: true },
        { name: "discloser", label: "Disclosing party", type: "text" },
        { name: "recipient", label: "Receiving party", type: "text" },
      ],
      body: "{{#if mutual}}Each Party shall keep the other's information secret{{else}}{{recipient}} shall keep all Confidential Information of {{discloser}} secret{{/if}}, and use it only for this Agreement.",
    },
    {
      id: "pay",
      title: "Payment terms",
      status: "approved",
      variables: [
        {
          name: "paymentDays",
          label: "Payment period (days)",
          type: "number",
          required: true,
          default: 30,
          min: 0,
          max: 120,
          decimals: 0,
        },
        { name: "cap", label: "Liability cap", type: "currency", currency: "USD", default: 1000 },
      ],
      body: "The Customer shall pay within {{paymentDays}} days. Liability is capped at {{cap}}.",
    },
    {
      id: "control",
      title: "Document control",
      status: "approved",
      variables: [
        {
          name: "versions",
          label: "Versions",
          type: "list",
          required: true,
          fields: [
            { name: "version", label: "Version", type: "text", required: true, pattern: "[0-9]+\\.[0-9]+" },
          ],
        },
      ],
      body: "{{#each versions}}\n- Version {{version}}\n{{/each}}",
    },
  ],
};

const load = async () => structuredClone(library);

async function open(title: string) {
  const host = fakeHost();
  await renderApp(host, { library: load });
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: title }));
  await screen.findByRole("heading", { name: new RegExp(title) });
  return { host, user };
}

/** The text of the latest preview (the .docx the preview was given). */
async function previewText(): Promise<string> {
  const mock = jest.mocked(renderDocxPreview);
  const blob = mock.mock.calls.at(-1)![0];
  const zip = await JSZip.loadAsync(await blobBytes(blob));
  const xml = await zip.file("word/document.xml")!.async("string");
  return xml.replace(/<w:tab\/>/g, " ").replace(/<[^>]+>/g, "");
}

const waitForPreview = (check: (text: string) => void) =>
  waitFor(async () => check(await previewText()), { timeout: 30_000 });

describe("A variable the text shows must be filled in", () => {
  it("flags the empty parties of a one-way clause in the form and the preview, and refuses to add", async () => {
    const { user, host } = await open("Confidentiality");
    await waitForPreview((t) => expect(t).toContain("Each Party shall keep"));
    // Nothing is flagged while the parties are not in the text (mutual).
    expect(screen.queryByText(/is in the text here/)).toBeNull();
    await user.click(screen.getByRole("switch", { name: "Mutual?" }));
    const recipient = screen.getByRole("textbox", { name: "Receiving party" });
    await waitFor(() => expect(recipient.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText(/Receiving party is in the text here/)).toBeTruthy();
    expect(screen.getByText(/Disclosing party is in the text here/)).toBeTruthy();
    await waitForPreview((t) =>
      expect(t).toContain(
        "[Receiving party] shall keep all Confidential Information of [Disclosing party] secret",
      ),
    );
    await user.click(screen.getByRole("button", { name: "Add to document" }));
    expect(screen.getByText("2 fields need attention.")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Document" })).toBeTruthy(); // nothing added

    await user.type(recipient, "Fabrikam");
    await user.type(screen.getByRole("textbox", { name: "Disclosing party" }), "Contoso");
    await user.click(screen.getByRole("button", { name: "Add to document" }));
    expect(await screen.findByText(/Added “Confidentiality”/)).toBeTruthy();
    await waitFor(async () =>
      expect((await storedDocument(host))?.sections[0]?.values).toMatchObject({
        mutual: false,
        recipient: "Fabrikam",
        discloser: "Contoso",
      }),
    );
  });
});

describe("Number fields", () => {
  it("shows a cleared required number as a gap in the preview, never as 0", async () => {
    const { user } = await open("Payment terms");
    await waitForPreview((t) => expect(t).toContain("within 30 days"));
    await user.clear(screen.getByRole("spinbutton", { name: "Payment period (days)" }));
    await waitForPreview((t) => expect(t).toContain("within [Payment period (days)] days"));
    expect(await previewText()).not.toContain("within 0 days");
  });

  it("keeps what the user typed and says at the field what is wrong", async () => {
    const { user } = await open("Payment terms");
    const days = screen.getByRole("spinbutton", { name: "Payment period (days)" }) as HTMLInputElement;
    await user.clear(days);
    await user.type(days, "abc");
    expect(days.value).toBe("abc");
    expect(await screen.findByText(/“abc” is not a number/)).toBeTruthy();
    expect(days.getAttribute("aria-invalid")).toBe("true");
    await user.clear(days);
    await user.type(days, "4.5");
    expect(await screen.findByText("Type a whole number.")).toBeTruthy();

    const cap = screen.getByRole("spinbutton", { name: "Liability cap" }) as HTMLInputElement;
    fireEvent.change(cap, { target: { value: "12345678901234567890" } });
    expect(cap.value).toBe("12345678901234567890");
    expect(await screen.findByText(/Too many digits to keep exactly/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Add to document" }));
    expect(screen.getByText("2 fields need attention.")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Document" })).toBeTruthy();

    await user.clear(days);
    await user.type(days, "45");
    fireEvent.change(cap, { target: { value: "1,500.50" } });
    await waitForPreview((t) => expect(t).toContain("within 45 days"));
    await waitForPreview((t) => expect(t).toContain("$1,500.50"));
  });
});

describe("The preview speaks the user's language", () => {
  it("shows an example for a patterned field instead of an engine path or a regular expression", async () => {
    await open("Document control");
    await waitForPreview((t) => expect(t).toContain("Version 1.0"));
    const preview = screen.getByRole("region", { name: "Preview" });
    expect(preview.textContent).not.toMatch(/VALUE_PATTERN|sections\[|\[0-9\]/);
  });
});

describe("Document settings", () => {
  it("refuses a locale that is not one and keeps the document's", async () => {
    const host = fakeHost();
    await renderApp(host, { library: load });
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: /Document/ }));
    await user.click(screen.getByRole("button", { name: "Document settings" }));
    const locale = screen.getByRole("combobox", { name: "Locale" });
    await user.clear(locale);
    await user.type(locale, "english");
    expect(await screen.findByText(/“english” is not a locale/)).toBeTruthy();
    await user.tab();
    await new Promise((r) => setTimeout(r, 300));
    expect((await storedDocument(host))?.settings.locale ?? "en-US").toBe("en-US");
    await user.clear(locale);
    await user.type(locale, "de-CH{Enter}");
    await waitFor(async () => expect((await storedDocument(host))?.settings.locale).toBe("de-CH"));
    expect(screen.queryByText(/is not a locale/)).toBeNull();
  });
});
