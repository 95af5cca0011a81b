import { describe, expect, it } from "@jest/globals";
import { validateLibrary } from "../../../src/engine";
import { expandedCost, MAX_LIBRARY_WEIGHT, MAX_SECTION_EXPANDED_SIZE } from "../../../src/engine/limits";
import { bodyWeight, libraryWeightProblem } from "../../../src/engine/limits-check";
import { assembly, build, library } from "../support";
import { failure, only } from "./helpers";

// Issue 14: every snippet can be within its own limits while the library is enormous — `validate`
// renders every body (10,000 snippets of 150 short paragraphs, 4.5 MB of JSON, took minutes) and a
// build parses every library it is given, so several libraries within the limits added up. The
// library-wide budget (LIMIT_LIBRARY_SIZE, MAX_LIBRARY_WEIGHT) weighs every body as the document
// limit does.

const BODY = "A short paragraph.\n\n".repeat(150);
const snippets = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ id: `s${from + i}`, body: BODY }));
/** How many such snippets make `share` of the library budget. */
const count = (share: number) => Math.ceil((share * MAX_LIBRARY_WEIGHT) / expandedCost(BODY));

describe("the library-wide budget", () => {
  it("validate refuses a library over it with one coded problem, without checking every body", () => {
    const lib = library(...snippets(count(1) + 1));
    const problems = validateLibrary(lib).problems;
    expect(problems.map((p) => `${p.code} ${p.path}`)).toEqual(["LIMIT_LIBRARY_SIZE snippets"]);
    expect(problems[0]!.message).toMatch(/Split the library/);
  });

  it("a build refuses it too, even when the section it builds is small", async () => {
    const lib = library({ id: "tiny", body: "Tiny." }, ...snippets(count(1) + 1));
    only(await failure(lib, assembly([{ snippet: "tiny" }])), "LIMIT_LIBRARY_SIZE");
  });

  it("several libraries, each within it, are weighed together in one build", async () => {
    const first = library({ id: "tiny", body: "Tiny." }, ...snippets(count(0.6)));
    const second = library(...snippets(count(0.6), 100_000));
    expect(libraryWeightProblem(first.snippets, 1)).toBeUndefined();
    expect(libraryWeightProblem(second.snippets, 1)).toBeUndefined();
    const alone = await build(first, assembly([{ snippet: "tiny" }]));
    expect(alone.document).toContain("Tiny.");
    const problem = only(await failure([first, second], assembly([{ snippet: "tiny" }])), "LIMIT_LIBRARY_SIZE");
    expect(problem.message).toMatch(/^The 2 libraries of this build together hold/);
  });

  it("is a bound on the sum of the bodies' weights, each body counted at most at the section limit", () => {
    const exactly = [{ body: "x".repeat(MAX_LIBRARY_WEIGHT / 5) }, ...Array.from({ length: 4 }, () => ({ body: "y".repeat(MAX_LIBRARY_WEIGHT / 5) }))];
    expect(libraryWeightProblem(exactly, 1)).toBeUndefined();
    expect(libraryWeightProblem([...exactly, { body: "z" }], 1)?.code).toBe("LIMIT_LIBRARY_SIZE");
    const huge = { body: "\\!".repeat(MAX_SECTION_EXPANDED_SIZE) };
    expect(bodyWeight(huge)).toBe(MAX_SECTION_EXPANDED_SIZE + 1);
    expect(bodyWeight({ body: "[a](b)" })).toBe(expandedCost("[a](b)"));
  });
});
