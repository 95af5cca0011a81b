// RFC 3986 URI-reference syntax (with RFC 3987's non-ASCII characters, which Word and .NET's Uri accept):
// what a hyperlink relationship's Target must be. Returns what is wrong, or undefined.

const ALLOWED =
  /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF\u{10000}-\u{EFFFD}]*$/u;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;

export function uriProblem(target: string): string | undefined {
  if (!ALLOWED.test(target)) {
    const bad = [...target].find((ch) => !ALLOWED.test(ch)) ?? "";
    return `character ${JSON.stringify(bad)} (U+${(bad.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}) is not allowed in a URI; percent-encode it`;
  }
  const badEscape = /%(?![0-9A-Fa-f]{2})/.exec(target);
  if (badEscape)
    return `"${target.slice(badEscape.index, badEscape.index + 3)}" is not a percent-escape (%HH)`;
  const hash = target.indexOf("#");
  if (hash !== -1 && target.indexOf("#", hash + 1) !== -1) return "more than one '#'";
  const firstDelim = target.search(/[/?#]/);
  const head = firstDelim === -1 ? target : target.slice(0, firstDelim);
  const colon = head.indexOf(":");
  let rest = target;
  if (colon !== -1) {
    const scheme = head.slice(0, colon);
    if (!SCHEME.test(scheme)) return `"${scheme}" is not a URI scheme`;
    rest = target.slice(colon + 1);
  }
  // Square brackets belong only around an IP-literal host: //[v6addr]:port/…
  let afterAuthority = rest;
  if (rest.startsWith("//")) {
    const end = rest.slice(2).search(/[/?#]/);
    const authority = end === -1 ? rest.slice(2) : rest.slice(2, 2 + end);
    afterAuthority = end === -1 ? "" : rest.slice(2 + end);
    const host = authority.slice(authority.lastIndexOf("@") + 1);
    const userinfo = authority.slice(0, Math.max(0, authority.lastIndexOf("@")));
    if (/[[\]]/.test(userinfo)) return "'[' or ']' in the user information";
    if (
      /[[\]]/.test(host) &&
      !/^\[[0-9A-Fa-f:.]+\](?::\d*)?$|^\[v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+\](?::\d*)?$/.test(host)
    ) {
      return `host "${host}" has '[' or ']' that do not enclose an IP literal`;
    }
  }
  if (/[[\]]/.test(afterAuthority)) return "'[' or ']' outside the host; percent-encode them (%5B, %5D)";
  return undefined;
}
