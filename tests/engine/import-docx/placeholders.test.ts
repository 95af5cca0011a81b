// Placeholders of every form issue 30 names become variables of the right type, merged by name, in the
// snippet's body as {{name}} — and the library they make is valid.

import { describe, expect, it } from "@jest/globals";
import { applyImport, importDocx, type DocxImport } from "../../../src/engine";
import { makeDocx, p, r } from "./make-docx";

function imported(body: string, extra: Parameters<typeof makeDocx>[0] = { body: "" }): DocxImport {
  const result = importDocx(makeDocx({ ...extra, body }), { fileName: "precedent.docx", split: { by: "document" } });
  if (!result.ok) throw new Error(result.problems.map((x) => x.message).join("; "));
  return result.value;
}

const variable = (imp: DocxImport, name: string) => imp.variables.find((v) => v.name === name);

const sdt = (props: string, text: string) =>
  `<w:sdt><w:sdtPr>${props}</w:sdtPr><w:sdtContent>${r(text)}</w:sdtContent></w:sdt>`;

describe("placeholders in the text", () => {
  const imp = imported(
    [
      p("This agreement is between [Company Name] and [Counterparty Name]."),
      p("It is dated [●] and the fee is £[•], payable within [●] days."),
      p("Signed on [insert date]; effective [DATE]."),
      p("The supplier shall pay within ____ days. Signature: ______________"),
      p("Notice goes to {party_name}, copied to {{party_name}} and «Client Name»."),
      p("The [Party A/Party B] shall notify [Company Name]."),
      p(`${r("The client is ")}${r("Acme Holdings Ltd", '<w:highlight w:val="yellow"/>')}${r(".")}`),
      p("[Drafting note: delete this clause for one-way NDAs.]"),
      p("Boxes [ x ] and [    ] stay as they are, and so does [(a) optional wording that runs long, with its own clauses and more words than a name].")
    ].join(""),
  );
  const body = imp.snippets[0]!.snippet.body;

  it("names each placeholder from its words and writes {{name}} in its place", () => {
    expect(body).toContain("between {{company_name}} and {{counterparty_name}}.");
    expect(body).toContain("The {{party_a_or_party_b}} shall notify {{company_name}}.");
    expect(body).toContain("Notice goes to {{party_name}}, copied to {{party_name}} and {{client_name}}.");
    expect(body).toContain("The client is {{acme_holdings_ltd}}.");
  });

  it("infers the type only where the text makes it plain", () => {
    expect(variable(imp, "company_name")).toMatchObject({ type: "text", label: "Company Name" });
    expect(variable(imp, "date")).toMatchObject({ type: "date" }); // [insert date] and [DATE], one variable
    expect(body).toContain("Signed on {{date}}; effective {{date}}.");
    expect(variable(imp, "party_a_or_party_b")).toMatchObject({ type: "choice", options: ["Party A", "Party B"] });
    const [dated, fee, days] = [...body.matchAll(/\{\{(blank_\d+)\}\}/g)].map((m) => m[1]!);
    expect(body).toContain(`It is dated {{${dated}}} and the fee is {{${fee}}}, payable within {{${days}}} days.`);
    expect(variable(imp, dated!)).toMatchObject({ type: "date" });
    expect(variable(imp, fee!)).toMatchObject({ type: "currency", currency: "GBP" });
    expect(variable(imp, days!)).toMatchObject({ type: "number" });
  });

  it("takes a blank in running text as a variable, not a signature line", () => {
    expect(body).toMatch(/pay within \{\{blank_\d+\}\} days\./);
    expect(body).toContain("Signature: \\_\\_\\_\\_");
  });

  it("merges same-name placeholders into one variable", () => {
    expect(imp.variables.filter((v) => v.name === "party_name")).toHaveLength(1);
    expect(imp.variables.filter((v) => v.name === "company_name")).toHaveLength(1);
    expect(imp.snippets[0]!.snippet.variables.filter((v) => v.name === "date")).toHaveLength(1);
  });

  it("keeps each placeholder's text for the round trip", () => {
    expect(imp.snippets[0]!.placeholders).toMatchObject({ company_name: "[Company Name]", party_name: "{party_name}", acme_holdings_ltd: "Acme Holdings Ltd" });
  });

  it("moves drafting notes to the snippet's notes and leaves check boxes and long optional wording as text", () => {
    expect(imp.snippets[0]!.snippet.notes).toBe("Drafting note: delete this clause for one-way NDAs.");
    expect(body).not.toContain("Drafting note");
    expect(body).toContain("Boxes \\[ x \\] and \\[    \\] stay as they are");
    expect(body).toContain("\\[(a) optional wording");
  });

  it("makes a valid library", () => {
    const applied = applyImport([imp]);
    expect(applied.problems.filter((x) => x.severity === "error")).toEqual([]);
    expect(applied.ok).toBe(true);
  });
});

describe("content controls", () => {
  const items = (tag: string, list: string[]) =>
    `<w:${tag}>${list.map((t) => `<w:listItem w:displayText="${t}" w:value="${t}"/>`).join("")}</w:${tag}>`;
  const imp = imported(
    p(
      [
        sdt('<w:tag w:val="client"/><w:text/>', "Client name"),
        r(" / "),
        sdt('<w:alias w:val="Scope"/>', "Describe the services"),
        r(" / "),
        sdt('<w:tag w:val="start"/><w:date w:fullDate="2026-01-01T00:00:00Z"><w:dateFormat w:val="d MMMM yyyy"/></w:date>', "1 January 2026"),
        r(" / "),
        sdt(`<w:tag w:val="law"/>${items("dropDownList", ["England", "Scotland"])}`, "England"),
        r(" / "),
        sdt(`<w:tag w:val="term"/>${items("comboBox", ["One year", "Two years"])}`, "One year"),
        r(" / "),
        sdt('<w:tag w:val="mutual"/><w14:checkbox><w14:checked w14:val="1"/></w14:checkbox>', "☒"),
      ].join(""),
    ),
  );
  const body = imp.snippets[0]!.snippet.body;

  it("becomes a variable of the control's kind, named by its tag or title", () => {
    expect(variable(imp, "client")).toMatchObject({ type: "text" });
    expect(variable(imp, "scope")).toMatchObject({ type: "text", label: "Scope" });
    expect(variable(imp, "start")).toMatchObject({ type: "date", format: "d MMMM yyyy" });
    expect(variable(imp, "law")).toMatchObject({ type: "choice", options: ["England", "Scotland"] });
    expect(variable(imp, "term")).toMatchObject({ type: "choice", options: ["One year", "Two years"] });
    expect(variable(imp, "mutual")).toMatchObject({ type: "boolean" });
  });

  it("writes a check box as the box its value shows", () => {
    expect(body).toBe("{{client}} / {{scope}} / {{start}} / {{law}} / {{term}} / {{#if mutual}}☒{{else}}☐{{/if}}");
    expect(imp.snippets[0]!.placeholders).toMatchObject({ client: "Client name", mutual: true, law: "England" });
  });

  it("makes a valid library", () => {
    expect(applyImport([imp]).ok).toBe(true);
  });
});

describe("mail-merge and form fields", () => {
  const field = (instr: string, result: string, begin = "") =>
    `<w:r><w:fldChar w:fldCharType="begin">${begin}</w:fldChar></w:r><w:r><w:instrText xml:space="preserve"> ${instr} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${r(result)}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
  const imp = imported(
    p(
      `${r("Dear ")}${field("MERGEFIELD FirstName", "«FirstName»")}${r(", see page ")}${field("PAGE", "3")}${r(" of ")}${field("NUMPAGES", "9")}${r(". Agree: ")}${field("FORMCHECKBOX", "", '<w:ffData><w:name w:val="Agree"/><w:checkBox><w:default w:val="0"/></w:checkBox></w:ffData>')}${r(". Clause ")}${field("REF _Ref123 \\r", "4.2")}`,
    ),
  );
  const body = imp.snippets[0]!.snippet.body;

  it("makes a merge field a variable and page fields the built-in tags", () => {
    expect(body).toBe("Dear {{firstname}}, see page {{page}} of {{pages}}. Agree: {{#if agree}}☒{{else}}☐{{/if}}. Clause 4.2");
    expect(variable(imp, "firstname")).toMatchObject({ type: "text" });
    expect(variable(imp, "agree")).toMatchObject({ type: "boolean" });
  });

  it("keeps another field's text and lists it", () => {
    const warnings = imp.snippets[0]!.warnings;
    expect(warnings.some((w) => w.code === "DOCX_CHANGED" && /REF field/.test(w.message) && w.path === "paragraph 1")).toBe(true);
  });
});
