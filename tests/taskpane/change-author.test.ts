// Who the tracked changes Sectionsmith writes are by (issue 31): the person signed in to the team
// library, else the snippet's owner, else "Sectionsmith" — as Word's Review pane will show it.
import JSZip from "jszip";
import { describe, expect, it } from "@jest/globals";
import * as engine from "../../src/engine";
import { changeAuthor } from "../../src/taskpane/model/change-author";
import { historyRedline } from "../../src/taskpane/model/history-redline";

const library = {
  format: "sectionsmith/library@1",
  snippets: [
    {
      id: "fees",
      version: 1,
      title: "Fees",
      owner: "Contoso Legal",
      body: "## Fees\n\nThe fee is due in 30 days.",
    },
    {
      id: "fees",
      version: 2,
      title: "Fees",
      owner: "Contoso Legal",
      body: "## Fees\n\nThe fee is due in 14 days.",
    },
  ],
};

async function authors(user: string | undefined): Promise<string[]> {
  const catalogue = engine.loadLibraries([library], ["test"]);
  const r = await historyRedline({
    engine,
    catalogue,
    id: "fees",
    from: 1,
    to: 2,
    locale: "en-GB",
    ...(user ? { user } : {}),
  });
  const zip = await JSZip.loadAsync(await r.blob.arrayBuffer());
  const xml = await zip.file("word/document.xml")!.async("string");
  return [...new Set([...xml.matchAll(/<w:(?:ins|del) [^>]*w:author="([^"]*)"/g)].map((m) => m[1]!))];
}

describe("the author of tracked changes", () => {
  it("is the signed-in user, else the snippet's owner, else Sectionsmith", () => {
    expect(changeAuthor("bob@x.test", "Contoso Legal")).toBe("bob@x.test");
    expect(changeAuthor(undefined, "Contoso Legal")).toBe("Contoso Legal");
    expect(changeAuthor("  ", " ")).toBe("Sectionsmith");
  });

  it("History's redline is by the signed-in user when there is one, by the owner otherwise", async () => {
    expect(await authors("bob@x.test")).toEqual(["bob@x.test"]);
    expect(await authors(undefined)).toEqual(["Contoso Legal"]);
  });
});
