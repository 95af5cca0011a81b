/**
 * @jest-environment jsdom
 */
import "./setup";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "@jest/globals";
import { renderDocxPreview } from "../../src/taskpane/preview/render-docx";
import { blobBytes, fakeHost } from "./fake-host";
import { renderApp, storedDocument } from "./render-app";

// docx-preview needs layout APIs jsdom lacks: only the renderer module is stubbed. The blob it gets
// is the engine's real .docx.
jest.mock("../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async (blob: Blob, container: HTMLElement) => {
    container.textContent = `docx preview (${blob.size} bytes)`;
  }),
}));

async function open(title: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: title }));
  await screen.findByRole("heading", { name: new RegExp(title) });
  return user;
}

describe("Snippet view", () => {
  it("renders the right control per variable type, labelled, with defaults", async () => {
    await renderApp(fakeHost());
    await open("Payment terms");

    // A spinbutton that keeps the typed text (a type="number" input would drop "abc" silently).
    const fee = screen.getByRole("spinbutton", { name: "Fee" }) as HTMLInputElement;
    expect(fee.inputMode).toBe("decimal");
    expect(fee.value).toBe("1000");
    expect(within(fee.parentElement!).getByText("EUR")).toBeTruthy();

    const due = screen.getByLabelText("Due date") as HTMLInputElement;
    expect(due.type).toBe("date");
    expect(due.value).toBe("2026-07-01");

    const method = screen.getByRole("combobox", { name: "Payment method" });
    expect(method.textContent).toContain("Card");

    const address = screen.getByLabelText("Billing address") as HTMLTextAreaElement;
    expect(address.tagName).toBe("TEXTAREA");
    expect(address.value).toBe("1 Main St\nSpringfield");

    const milestones = screen.getByRole("group", { name: "Milestones" });
    expect((within(milestones).getByLabelText("Milestone, item 1") as HTMLInputElement).value).toBe(
      "Kick-off",
    );
    expect((within(milestones).getByLabelText("Amount, item 1") as HTMLInputElement).value).toBe("500");
  });

  it("uses a switch for booleans and a number input with hint, and adds/removes list items", async () => {
    await renderApp(fakeHost());
    const user = await open("Confidentiality");
    expect((screen.getByRole("switch", { name: "Mutual?" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("textbox", { name: /Disclosing party/ }) as HTMLInputElement).value).toBe(
      "Contoso",
    );
    expect((screen.getByRole("spinbutton", { name: "Term (years)" }) as HTMLInputElement).value).toBe("2");
    expect(screen.getByText("Between 1 and 10")).toBeTruthy();

    await user.click(screen.getByRole("tab", { name: "Library" }));
    await open("Payment terms");
    const milestones = screen.getByRole("group", { name: "Milestones" });
    await user.click(within(milestones).getByRole("button", { name: "Add item" }));
    expect(within(milestones).getByLabelText("Milestone, item 2")).toBeTruthy();
    await user.click(within(milestones).getAllByRole("button", { name: "Remove item" })[0]!);
    expect(within(milestones).queryByLabelText("Milestone, item 2")).toBeNull();
    expect((within(milestones).getByLabelText("Milestone, item 1") as HTMLInputElement).value).toBe("");
  });

  it("shows a validation message next to a bad number and refuses to add", async () => {
    const host = fakeHost();
    await renderApp(host);
    const user = await open("Confidentiality");
    const term = screen.getByRole("spinbutton", { name: "Term (years)" });
    await user.clear(term);
    await user.type(term, "99");
    expect(await screen.findByText("Must be at most 10.")).toBeTruthy();
    expect(term.getAttribute("aria-invalid")).toBe("true");

    await user.click(screen.getByRole("button", { name: "Add to document" }));
    expect(screen.getByText("1 field needs attention.").getAttribute("role")).toBe("alert");
    expect(screen.getByRole("tab", { name: "Document" })).toBeTruthy(); // no "(1)": nothing was added
  });

  it("shows required errors only after trying to add", async () => {
    await renderApp(fakeHost());
    const user = await open("Confidentiality");
    await user.clear(screen.getByRole("textbox", { name: /Disclosing party/ }));
    expect(screen.queryByText("Disclosing party is required.")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Add to document" }));
    expect(await screen.findByText("Disclosing party is required.")).toBeTruthy();
  });

  it("previews the real .docx, debounced, and adds the section with its values", async () => {
    const host = fakeHost();
    await renderApp(host);
    const user = await open("Confidentiality");
    const preview = screen.getByRole("region", { name: "Preview" });
    await waitFor(() => expect(preview.textContent).toMatch(/docx preview \(\d+ bytes\)/));
    const mock = jest.mocked(renderDocxPreview);
    const blob = mock.mock.calls.at(-1)![0];
    const head = (await blobBytes(blob)).slice(0, 2);
    expect(String.fromCharCode(...head)).toBe("PK");

    const before = mock.mock.calls.length;
    // A burst of keystrokes (synchronous, so well inside the 400 ms) gives one rebuild, not eight.
    const party = screen.getByRole("textbox", { name: /Disclosing party/ });
    for (const text of ["F", "Fa", "Fab", "Fabr", "Fabri", "Fabrik", "Fabrika", "Fabrikam"]) {
      fireEvent.change(party, { target: { value: text } });
    }
    await waitFor(() => expect(mock.mock.calls.length).toBe(before + 1));
    await new Promise((r) => setTimeout(r, 800));
    expect(mock.mock.calls.length).toBe(before + 1);

    expect(mock.mock.calls.at(-1)![3]).toEqual({ wholePage: false });
    await user.click(screen.getByRole("switch", { name: "Whole page" }));
    await waitFor(() => expect(mock.mock.calls.at(-1)![3]).toEqual({ wholePage: true }));

    await user.click(screen.getByRole("button", { name: "Add to document" }));
    expect(await screen.findByText(/Added “Confidentiality” to the document/)).toBeTruthy();
    expect(screen.getByRole("tab", { name: /Document \(1\)/ })).toBeTruthy();
    await waitFor(async () => {
      const doc = await storedDocument(host);
      expect(doc?.sections[0]).toMatchObject({
        snippet: "confidentiality",
        version: 3,
        values: { discloser: "Fabrikam", mutual: true, term: 2 },
      });
    });
  });
});
