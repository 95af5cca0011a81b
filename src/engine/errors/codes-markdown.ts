import type { CodeInfo } from "./codes";

// Problems in a snippet's Markdown (found after templating; positions map back to the body).
export const MARKDOWN_CODES = {
  MARKDOWN_LINK_SCHEME: {
    severity: "error",
    title: "A link goes somewhere other than http:, https: or mailto:",
    fix: "Use a full http://, https:// or mailto: address; other schemes (javascript:, file:, relative links) cannot be followed from a Word document safely.",
    example: "[Terms](javascript:alert(1))",
  },
  MARKDOWN_LINK_INVALID: {
    severity: "error",
    title: "A link's address is not a valid URI",
    fix: 'Percent-encode what an address cannot hold: a space as %20, "%" as %25, "[" and "]" as %5B and %5D; values placed inside an address are encoded for you.',
    example: "[Terms](https://example.com/100%)",
  },
  MARKDOWN_FOOTNOTE_PLACE: {
    severity: "error",
    title: "A footnote is referenced inside a footnote, or in a header or footer",
    fix: "Reference footnotes only from the body text: write the second note's text into the first, or reference both from the body.",
    example: "Claim.[^a]\n\n[^a]: See also [^a].",
  },
  MARKDOWN_NOTE_IN_FOOTNOTE: {
    severity: "warning",
    title: "A drafting note inside a footnote is attached to the footnote's reference instead",
    fix: "Nothing is required; to place the note exactly, put the {{#note}} around text in the body.",
    example: 'Claim.[^a]\n\n[^a]: {{#note "check"}}Source{{/note}}.',
  },
  MARKDOWN_HTML: {
    severity: "error",
    title: "Raw HTML other than <u>, <sup>, <sub>, <mark> or <br>",
    fix: "Write it in Markdown instead (e.g. **bold**, lists, tables); only <u>, <sup>, <sub>, <mark> and <br> are understood.",
    example: '<span style="color:red">Important</span>',
  },
  MARKDOWN_HTML_UNBALANCED: {
    severity: "error",
    title: "An inline HTML tag is not closed (or closed without being opened) in the same paragraph",
    fix: "Close every <u>, <sup>, <sub> or <mark> in the paragraph where it was opened.",
    example: "<u>underlined",
  },
  MARKDOWN_IMAGE_SOURCE: {
    severity: "error",
    title: "An image is not an embedded PNG, JPEG or GIF data URI",
    fix: "Embed the picture as data:image/png;base64,… (or image/jpeg, image/gif); links to image files are not fetched.",
    example: "![Logo](https://example.com/logo.png)",
  },
  MARKDOWN_IMAGE_INVALID: {
    severity: "error",
    title: "An embedded image cannot be read",
    fix: "Re-export the picture as PNG, JPEG or GIF and embed its base64 again; the data is damaged or not the stated type.",
    example: "![Logo](data:image/png;base64,AAAA)",
  },
} as const satisfies Record<string, CodeInfo>;
