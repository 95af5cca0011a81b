// commonmark-spec ships no type declarations: the part the Markdown suites read (its spec.txt's examples).
declare module "commonmark-spec" {
  const spec: {
    text: string;
    tests: { markdown: string; html: string; section: string; number: number }[];
  };
  export default spec;
}
