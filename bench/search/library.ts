// Snippet libraries of any size for the search benchmark, generated from word lists with a fixed seed:
// realistic titles ("Confidentiality (mutual)", "Payment terms — short form"), categories two levels deep,
// tags, statuses (some stale, some deprecated), a few ids in several versions, and Markdown bodies of
// 60–220 words with headings, lists and template tags.

import { capitalise, createRandom } from "../fixtures/random";

const TOPICS: readonly string[] = [
  "confidentiality", "limitation of liability", "payment terms", "termination", "indemnity", "data protection",
  "intellectual property", "force majeure", "governing law", "dispute resolution", "warranties", "insurance",
  "service levels", "change control", "assignment", "notices", "entire agreement", "non-solicitation",
  "acceptance testing", "escrow", "audit rights", "anti-bribery", "modern slavery", "subcontracting",
  "project scope", "executive summary", "pricing", "timeline", "team and roles", "assumptions", "risks",
  "cover letter", "welcome", "onboarding", "leave policy", "expenses", "remote working", "code of conduct",
  "incident response", "backup and recovery", "security controls", "accessibility statement", "signature block",
];
const QUALIFIERS: readonly string[] = ["", "", "", " (mutual)", " (one-way)", " — short form", " — long form", " for suppliers", " for customers", " (UK)", " (US)", " (EU)", " v2"];
const CATEGORIES: readonly string[] = [
  "Contracts/Clauses", "Contracts/Schedules", "Contracts/Definitions", "Proposals/Sections", "Proposals/Pricing",
  "Letters/Openings", "Letters/Closings", "HR/Policies", "IT/Security", "Reports/Boilerplate",
];
const TAGS: readonly string[] = [
  "nda", "msa", "sow", "gdpr", "liability", "payment", "pricing", "termination", "ip", "security", "hr", "policy",
  "letter", "proposal", "uk", "us", "eu", "short", "long", "standard", "negotiated", "fallback",
];
const OWNERS = ["legal@contoso.example", "sales@contoso.example", "hr@contoso.example", "it@contoso.example"];

// Made-up words (names, places, product terms) from three syllables each: with `wide`, every body gets a
// few, which takes the 10,000-snippet library's vocabulary from a few hundred words to tens of thousands,
// as a real library's is — typo lookups walk the term tree, so their cost grows with it.
const SYLLABLES = "ka lo mi ne su ta ri vo ba de fi gu ho ja ke lu ma no pi qu ra se to ul va we xi yo za chi".split(" ");

export function searchLibrary(
  count: number,
  seed = 0x5ea2c4,
  wide = false,
): { format: string; name: string; snippets: unknown[] } {
  const r = createRandom(seed + count);
  const snippets: unknown[] = [];
  let n = 0;
  while (snippets.length < count) {
    n++;
    const topic = r.pick(TOPICS);
    const title = capitalise(topic) + r.pick(QUALIFIERS);
    const id = `${topic.replace(/[^a-z]+/g, "-")}-${n}`;
    const versions = r.next() < 0.1 && snippets.length + 2 <= count ? 2 : 1;
    for (let v = 1; v <= versions; v++) {
      const status = v < versions ? "deprecated" : r.next() < 0.75 ? "approved" : r.next() < 0.6 ? "draft" : "deprecated";
      const reviewYear = 2025 + r.int(0, 3);
      const body = [
        `## ${title}`,
        `${r.sentence(r.int(12, 30))} ${capitalise(topic)} ${r.words(r.int(10, 30))} {{client}} ${r.words(r.int(5, 20))}.`,
        ...(r.next() < 0.5 ? [`1. ${r.sentence(r.int(8, 16))}\n2. ${r.sentence(r.int(8, 16))}\n3. ${r.sentence(r.int(8, 16))}`] : []),
        `${r.sentence(r.int(15, 40))} ${r.sentence(r.int(10, 30))}`,
        ...(wide ? [Array.from({ length: r.int(3, 8) }, () => r.pick(SYLLABLES) + r.pick(SYLLABLES) + r.pick(SYLLABLES)).join(" ")] : []),
      ].join("\n\n");
      snippets.push({
        id,
        version: v,
        title,
        description: `${capitalise(r.words(r.int(5, 12)))} ${topic}.`,
        category: r.pick(CATEGORIES),
        tags: Array.from(new Set([r.pick(TAGS), r.pick(TAGS), ...(r.next() < 0.5 ? [r.pick(TAGS)] : [])])),
        status,
        owner: r.pick(OWNERS),
        reviewBy: `${reviewYear}-${String(r.int(1, 12)).padStart(2, "0")}-15`,
        variables: [{ name: "client", type: "text", required: true }],
        body,
      });
    }
  }
  return { format: "sectionsmith/library@1", name: `Search bench ${count}`, snippets };
}

