import { describe, expect, it } from "@jest/globals";
import { formatValue } from "../../../src/engine/template";
import { validateAll, previewValues } from "../../../src/taskpane/model/values";
import type { Variable } from "../../../src/engine";
import { bodyText, buildBody } from "../support";

// Issue 14: a list field named "constructor" printed "function Object() { [native code] }" into the
// document: an item without that field found Object.prototype's. Lookups now use own properties only.

const fields: Variable[] = ["constructor", "toString", "valueOf", "name"].map((name) => ({ name, type: "text", required: false }));
const list: Variable = { name: "items", type: "list", required: false, fields };

describe("field names that Object.prototype also has", () => {
  it("a missing field shows nothing, not a native function", async () => {
    expect(formatValue(list, [{ name: "A" }, {}], "en-US")).toBe("A; ");
    const built = await buildBody("{{items}}|{{#each items}}[{{constructor}}{{toString}}{{name}}]{{/each}}", {
      variables: [list],
      values: { items: [{ name: "A" }, { constructor: "C" }] },
    });
    const text = bodyText(built.document);
    expect(text).not.toContain("function");
    expect(text).not.toContain("native code");
    expect(text).toBe("A; C|[A][C]");
  });

  it("in the pane too: a missing field is empty, not a function", () => {
    const required = { ...list, fields: fields.map((f) => ({ ...f, required: true })) };
    const errors = validateAll([required], { items: [{ name: "A" }] });
    expect(errors.get("items[0].constructor")).toContain("required");
    const preview = previewValues([required], { items: [{ name: "A" }] }, new Date("2026-11-22"));
    expect(typeof (preview.items as Array<Record<string, unknown>>)[0]!.constructor).toBe("string");
  });
});
