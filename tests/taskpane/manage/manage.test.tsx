/**
 * @jest-environment jsdom
 */
import "../setup";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "@jest/globals";
import { exportLibrary, openLibraryStore } from "../../../src/taskpane/store";
import JSZip from "jszip";
import { expectValidDocx } from "../../support/ooxml-check";
import { blobBytes, fakeHost } from "../fake-host";
import { testLibrary } from "../fixtures";
import { renderApp } from "../render-app";

jest.mock("../../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

const saved: Array<{ blob: Blob; name: string }> = [];
jest.mock("../../../src/taskpane/model/download", () => ({
  ...jest.requireActual<typeof import("../../../src/taskpane/model/download")>(
    "../../../src/taskpane/model/download",
  ),
  saveBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
}));

const blobText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

async function openManage() {
  const user = userEvent.setup();
  await user.click(screen.getByRole("tab", { name: "Manage" }));
  await screen.findByRole("list", { name: "Snippets in your library" });
  return user;
}

const storedLibrary = async (key: string) => {
  const store = await openLibraryStore(key, { channel: null });
  const snap = store.snapshot();
  store.close();
  return snap;
};

describe("Manage: import report", () => {
  it("lists every problem of a broken file with its path and changes nothing", async () => {
    const host = fakeHost();
    await renderApp(host);
    const user = await openManage();
    const before = await storedLibrary(host.storageKey());
    const broken = {
      format: "sectionsmith/library@1",
      snippets: [
        { id: "fine", title: "Fine", body: "Fine." },
        { id: "Bad Id", title: "x", body: "y" },
        { id: "untitled", body: "y" },
      ],
    };
    await user.upload(
      screen.getByLabelText("Import library file"),
      new File([JSON.stringify(broken)], "broken.json"),
    );
    const report = await screen.findByRole("region", { name: "Import report for broken.json" });
    const invalid = within(report).getByRole("region", { name: "Invalid" });
    expect(within(invalid).getByText(/snippets\[1\]\.id/)).toBeTruthy();
    expect(within(invalid).getByText(/snippets\[2\]\.title/)).toBeTruthy();
    expect(within(report).getByRole("region", { name: "New" }).textContent).toContain("fine@1");
    expect((within(report).getByRole("button", { name: "Import all" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(within(report).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("region", { name: /Import report/ })).toBeNull();
    expect(await storedLibrary(host.storageKey())).toEqual(before);
  });

  it("shows conflicts before applying, keeps the user's change and the library's text, and applies all on confirm", async () => {
    const host = fakeHost();
    await renderApp(host);
    const user = await openManage();
    // The user edits the draft "warranty" snippet in the pane, which makes it theirs.
    const draft = testLibrary.snippets.find((s) => s.status === "draft")!;
    await user.click(
      screen.getByRole("button", { name: `Edit ${draft.title} version ${draft.version ?? 1}` }),
    );
    const body = screen.getByRole("textbox", { name: "Body (Markdown)" });
    fireEvent.change(body, { target: { value: "My own words." } });
    await user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText(/Saved /);
    await user.click(screen.getByRole("button", { name: "Back to the list" }));

    const payment = testLibrary.snippets.find((s) => s.id === "payment")!;
    const incoming = {
      format: "sectionsmith/library@1",
      snippets: [
        { ...draft, body: "Their words." },
        { ...payment, body: "Pay promptly." },
        { id: "brand-new", title: "Brand new", status: "approved", body: "New." },
      ],
    };
    await user.upload(
      screen.getByLabelText("Import library file"),
      new File([JSON.stringify(incoming)], "team.json"),
    );
    const report = await screen.findByRole("region", { name: "Import report for team.json" });
    expect(within(report).getByRole("status").textContent).toBe(
      "1 new · 0 updated · 2 conflicting · 0 unchanged · 0 invalid",
    );
    const conflicting = within(report).getByRole("region", { name: "Conflicting" });
    expect(conflicting.textContent).toContain(`${draft.id}@${draft.version ?? 1}`);
    expect(conflicting.textContent).toMatch(/Keep both/);
    await user.click(within(report).getByRole("button", { name: "Import all" }));
    expect(await screen.findByText("Imported team.json.")).toBeTruthy();

    const snap = await storedLibrary(host.storageKey());
    const body0 = (id: string, v: number) =>
      snap.records.find((r) => r.id === id && r.version === v)?.snippet.body;
    const v = draft.version ?? 1;
    expect(body0(draft.id, v)).toBe("My own words.");
    expect(body0(draft.id, v + 1)).toBe("Their words.");
    // Same id and version with other text, even where the user never edited it, is a conflict: both kept.
    const top = Math.max(
      ...testLibrary.snippets.filter((s) => s.id === "payment").map((s) => s.version ?? 1),
    );
    expect(body0("payment", payment.version)).toBe(payment.body);
    expect(body0("payment", top + 1)).toBe("Pay promptly.");
    expect(body0("brand-new", 1)).toBe("New.");
  });

  it("shows both texts of a conflict and replaces only when the user picks the file's text, keeping theirs too", async () => {
    const host = fakeHost();
    await renderApp(host);
    const user = await openManage();
    const payment = testLibrary.snippets.find((s) => s.id === "payment")!;
    const incoming = {
      format: "sectionsmith/library@1",
      snippets: [{ ...payment, body: "Zahlung sofort." }],
    };
    await user.upload(
      screen.getByLabelText("Import library file"),
      new File([JSON.stringify(incoming)], "de.json"),
    );
    const report = await screen.findByRole("region", { name: "Import report for de.json" });
    expect(within(report).getByRole("status").textContent).toBe(
      "0 new · 0 updated · 1 conflicting · 0 unchanged · 0 invalid",
    );
    const diff = within(report).getByRole("group", {
      name: `Differences in ${payment.title} version ${payment.version}`,
    });
    expect(diff.textContent).toContain("+ Zahlung sofort.");
    expect(diff.textContent).toContain(`− ${payment.body!.split("\n")[0]}`);
    const keep = within(report).getByRole("radiogroup", {
      name: `What to keep of ${payment.title} version ${payment.version}`,
    });
    expect((within(keep).getByRole("radio", { name: /Keep both/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(keep).getByRole("radio", { name: /Use the file's text/ }));
    await user.click(within(report).getByRole("button", { name: "Import all" }));
    expect(await screen.findByText("Imported de.json.")).toBeTruthy();
    const snap = await storedLibrary(host.storageKey());
    const top = Math.max(
      ...testLibrary.snippets.filter((s) => s.id === "payment").map((s) => s.version ?? 1),
    );
    const body0 = (v: number) =>
      snap.records.find((r) => r.id === "payment" && r.version === v)?.snippet.body;
    expect(body0(payment.version!)).toBe("Zahlung sofort.");
    expect(body0(top + 1)).toBe(payment.body); // the library's text is not dropped
  });
});

describe("Manage: export and import round trip", () => {
  it("exports a library file that imports into another pane unchanged", async () => {
    saved.length = 0;
    const first = await renderApp(fakeHost());
    let user = await openManage();
    await user.click(screen.getByRole("button", { name: "Export library" }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe("sectionsmith-library.json");
    const text = await blobText(saved[0]!.blob);
    const exported = JSON.parse(text);
    expect(exported).toEqual(testLibrary);
    first.unmount();

    // Another machine: an empty store (no starter), import the file.
    const other = fakeHost();
    const empty = { format: "sectionsmith/library@1", name: "Empty", snippets: [] };
    await renderApp(other, { library: async () => empty });
    user = await openManage();
    await user.upload(screen.getByLabelText("Import library file"), new File([text], "moved.json"));
    const report = await screen.findByRole("region", { name: "Import report for moved.json" });
    expect(within(report).getByRole("status").textContent).toBe(
      `${testLibrary.snippets.length} new · 0 updated · 0 conflicting · 0 unchanged · 0 invalid`,
    );
    await user.click(within(report).getByRole("button", { name: "Import all" }));
    await screen.findByText("Imported moved.json.");
    const snap = await storedLibrary(other.storageKey());
    expect(exportLibrary(snap).snippets).toEqual(testLibrary.snippets);
  });
});

describe("Manage: authoring", () => {
  it("shows a problem at its line and column with its code as the user types", async () => {
    await renderApp(fakeHost());
    const user = await openManage();
    await user.click(screen.getByRole("button", { name: "New snippet" }));
    fireEvent.change(screen.getByRole("textbox", { name: /^Id/ }), { target: { value: "my-clause" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Title" }), { target: { value: "My clause" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Body (Markdown)" }), {
      target: { value: "# Heading\n\nFirst line.\nHello {{nobody}} there." },
    });
    const problems = screen.getByRole("region", { name: "Problems" });
    await waitFor(() => expect(problems.textContent).toMatch(/Line 4, column 9.*TEMPLATE_UNKNOWN_VARIABLE/));
    // Declaring the variable clears it.
    await user.click(screen.getByRole("button", { name: "Add variable" }));
    const variable = screen.getByRole("group", { name: "Variable field1" });
    fireEvent.change(within(variable).getByRole("textbox", { name: "Name" }), {
      target: { value: "nobody" },
    });
    await waitFor(() => expect(problems.textContent).toBe("No problems."));
  });

  it("marks a new snippet as a title block, and unmarking removes the field", async () => {
    const host = fakeHost();
    await renderApp(host);
    const user = await openManage();
    await user.click(screen.getByRole("button", { name: "New snippet" }));
    fireEvent.change(screen.getByRole("textbox", { name: /^Id/ }), { target: { value: "my-cover" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Title" }), { target: { value: "My cover" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Body (Markdown)" }), {
      target: { value: "# Agreement\n\n## between A and B" },
    });
    const box = screen.getByRole("checkbox", { name: "Title block" });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(async () => {
      const snap = await storedLibrary(host.storageKey());
      expect(snap.records.find((r) => r.id === "my-cover")?.snippet).toMatchObject({ titleBlock: true });
    });
    // The editor reopens on the saved version after a save: unmark only once it has (a click before
    // that lands on the editor that is about to be replaced, and is lost with it).
    expect(await screen.findByText("Saved my-cover version 1.")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Edit My cover (version 1)" })).toBeTruthy();
    const saved = screen.getByRole("checkbox", { name: "Title block" }) as HTMLInputElement;
    expect(saved.checked).toBe(true);
    await user.click(saved);
    expect((screen.getByRole("checkbox", { name: "Title block" }) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole("button", { name: /^Save/ }));
    await waitFor(async () => {
      const snap = await storedLibrary(host.storageKey());
      const latest = snap.records.filter((r) => r.id === "my-cover").at(-1)!;
      expect(latest.snippet).not.toHaveProperty("titleBlock");
    });
  });

  it("editing an approved snippet saves a new draft version and keeps the approved one", async () => {
    const host = fakeHost();
    await renderApp(host);
    const user = await openManage();
    await user.click(screen.getByRole("button", { name: "Edit Confidentiality version 3" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Body (Markdown)" }), {
      target: { value: "## Confidentiality\n\nRevised text." },
    });
    await user.click(screen.getByRole("button", { name: "Save as new draft version" }));
    expect(await screen.findByText(/Saved as version 4 \(draft\)\. Version 3 stays approved/)).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Edit Confidentiality (version 4)" })).toBeTruthy();

    const snap = await storedLibrary(host.storageKey());
    const v3 = snap.records.find((r) => r.id === "confidentiality" && r.version === 3)!;
    const v4 = snap.records.find((r) => r.id === "confidentiality" && r.version === 4)!;
    expect(v3.snippet).toEqual(testLibrary.snippets.find((s) => s.id === "confidentiality"));
    expect(v4.snippet).toMatchObject({ status: "draft", body: "## Confidentiality\n\nRevised text." });

    // Approving the draft moves it along the flow; history shows the diff and can restore.
    await user.click(screen.getByRole("button", { name: "Approve" }));
    await screen.findByText(/version 4 is now approved/);
    await user.click(screen.getByRole("button", { name: "Back to the list" }));
    await user.click(screen.getByRole("button", { name: "More actions for Confidentiality version 4" }));
    await user.click(await screen.findByRole("menuitem", { name: "History" }));
    const v4Entry = screen.getByRole("listitem", { name: "Version 4" });
    expect(within(v4Entry).getByLabelText("Changes from version 3").textContent).toContain("+ Revised text.");
    await user.click(screen.getByRole("button", { name: "Restore version 3" }));
    expect(await screen.findByRole("heading", { name: "Edit Confidentiality (version 5)" })).toBeTruthy();
    const after = await storedLibrary(host.storageKey());
    expect(after.records.find((r) => r.id === "confidentiality" && r.version === 5)?.snippet).toMatchObject({
      status: "draft",
      body: v3.snippet.body,
    });
  });
});

describe("Manage: history's redline", () => {
  it("Download redline saves a .docx of the change as tracked changes, named after both versions", async () => {
    const host = fakeHost();
    await renderApp(host);
    const user = await openManage();
    await user.click(screen.getByRole("button", { name: "Edit Confidentiality version 3" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Body (Markdown)" }), {
      target: { value: "## Confidentiality\n\nRevised text." },
    });
    await user.click(screen.getByRole("button", { name: "Save as new draft version" }));
    await screen.findByRole("heading", { name: "Edit Confidentiality (version 4)" });
    await user.click(screen.getByRole("button", { name: "Back to the list" }));
    await user.click(screen.getByRole("button", { name: "More actions for Confidentiality version 4" }));
    await user.click(await screen.findByRole("menuitem", { name: "History" }));
    saved.length = 0;
    await user.click(screen.getByRole("button", { name: "Download redline of version 4 against version 3" }));
    expect(
      await screen.findByText(
        /Saved confidentiality-v3-v4-redline\.docx: \d+ tracked changes? from version 3 to 4/,
      ),
    ).toBeTruthy();
    expect(saved.map((s) => s.name)).toEqual(["confidentiality-v3-v4-redline.docx"]);
    const bytes = await blobBytes(saved[0]!.blob);
    await expectValidDocx(bytes); // the ECMA-376 schemas and the Word rules, tracked changes included
    const zip = await JSZip.loadAsync(bytes);
    const xml = await zip.file("word/document.xml")!.async("string");
    expect(xml).toMatch(/<w:ins w:id="\d+" w:author="[^"]+" w:date="[^"]+">[\s\S]*?Revised/);
    expect(xml).toMatch(/<w:del w:id="\d+"[^>]*>[\s\S]*?<w:delText/);
    // The oldest version has nothing before it to compare with.
    expect(
      within(screen.getByRole("listitem", { name: "Version 3" })).queryByRole("button", {
        name: /Download redline/,
      }),
    ).toBeNull();
  });
});

describe("Manage: capture from Word", () => {
  it("turns the selection into a new draft and says what it could not carry", async () => {
    const host = {
      ...fakeHost(),
      getSelectionHtml: async () =>
        '<h1>Notice</h1><p>Write to <a href="mailto:a@b.example">us</a>.</p><p><span style="color:red">Red</span></p>',
    };
    await renderApp(host);
    const user = await openManage();
    await user.click(screen.getByRole("button", { name: "Capture from Word" }));
    const body = (await screen.findByRole("textbox", { name: "Body (Markdown)" })) as HTMLTextAreaElement;
    expect(body.value).toBe("# Notice\n\nWrite to [us](mailto:a@b.example).\n\nRed");
    expect(screen.getByText(/Not carried: Fonts, sizes and colours/)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "New snippet" })).toBeTruthy();
  });
});

describe("Manage: unsaved changes are never lost", () => {
  it("asks on Back to the list, and keeps a draft that comes back after a tab switch and a closed pane", async () => {
    const host = fakeHost();
    const first = await renderApp(host);
    let user = await openManage();
    const draft = testLibrary.snippets.find((s) => s.status === "draft")!;
    const name = `${draft.title} version ${draft.version ?? 1}`;
    await user.click(screen.getByRole("button", { name: `Edit ${name}` }));
    fireEvent.change(screen.getByRole("textbox", { name: "Body (Markdown)" }), {
      target: { value: "Half-written." },
    });

    // Back to the list asks instead of dropping the change; Keep editing keeps it.
    await user.click(screen.getByRole("button", { name: "Back to the list" }));
    expect(screen.getByRole("alert").textContent).toMatch(/are not saved/);
    await user.click(screen.getByRole("button", { name: "Keep editing" }));
    expect((screen.getByRole("textbox", { name: "Body (Markdown)" }) as HTMLTextAreaElement).value).toBe(
      "Half-written.",
    );

    // Another tab and back: the change is still there.
    await user.click(screen.getByRole("tab", { name: "Library" }));
    await user.click(screen.getByRole("tab", { name: "Manage" }));
    const body = (await screen.findByRole("textbox", { name: "Body (Markdown)" })) as HTMLTextAreaElement;
    await waitFor(() => expect(body.value).toBe("Half-written."));
    expect(screen.getByText(/Your unsaved changes were kept/)).toBeTruthy();

    // The pane is closed and opened again: still there.
    first.unmount();
    await renderApp(host);
    user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Manage" }));
    await waitFor(() =>
      expect((screen.getByRole("textbox", { name: "Body (Markdown)" }) as HTMLTextAreaElement).value).toBe(
        "Half-written.",
      ),
    );

    // Discarding is the user's decision, and then it stays discarded.
    await user.click(screen.getByRole("button", { name: "Back to the list" }));
    await user.click(screen.getByRole("button", { name: "Discard changes" }));
    await screen.findByRole("list", { name: "Snippets in your library" });
    await user.click(screen.getByRole("tab", { name: "Library" }));
    await user.click(screen.getByRole("tab", { name: "Manage" }));
    await screen.findByRole("list", { name: "Snippets in your library" });
    const snap = await storedLibrary(host.storageKey());
    expect(snap.records.find((r) => r.id === draft.id)?.snippet.body).toBe(draft.body);
  });

  it("Save and go back saves the change before leaving", async () => {
    const host = fakeHost();
    await renderApp(host);
    const user = await openManage();
    const draft = testLibrary.snippets.find((s) => s.status === "draft")!;
    await user.click(
      screen.getByRole("button", { name: `Edit ${draft.title} version ${draft.version ?? 1}` }),
    );
    fireEvent.change(screen.getByRole("textbox", { name: "Body (Markdown)" }), {
      target: { value: "Finished." },
    });
    await user.click(screen.getByRole("button", { name: "Back to the list" }));
    await user.click(screen.getByRole("button", { name: "Save and go back" }));
    await screen.findByRole("list", { name: "Snippets in your library" });
    const snap = await storedLibrary(host.storageKey());
    expect(
      snap.records.find((r) => r.id === draft.id && r.version === (draft.version ?? 1))?.snippet.body,
    ).toBe("Finished.");
  });
});
