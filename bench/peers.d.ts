// html-to-docx ships no type declarations: the part of its API the benchmark calls.
declare module "html-to-docx" {
  export default function HTMLtoDOCX(
    html: string,
    headerHtml: string | null,
    options?: Record<string, unknown>,
    footerHtml?: string,
  ): Promise<Buffer | Blob>;
}
