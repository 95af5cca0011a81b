import { isIP } from "node:net";

// Who sent a request, for the per-address sign-in limit. Off by default, the TCP peer: anyone can write an
// X-Forwarded-For header, so trusting it unasked would let a client pick its own address and escape the
// limit. With SECTIONSMITH_TRUST_PROXY naming the reverse proxies in front of the server, a request from
// one of them is attributed to the right-most X-Forwarded-For entry that is not itself a trusted proxy:
// each proxy appends the address it received from, so entries further left were written by the client
// and prove nothing (MDN, "X-Forwarded-For: Security and privacy concerns").

/** "::ffff:10.0.0.1" (an IPv4 peer on a dual-stack socket) and "10.0.0.1" are the same client. */
export const normaliseAddress = (address: string): string => {
  const a = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  return mapped ? mapped[1]! : a;
};

/** The addresses in SECTIONSMITH_TRUST_PROXY, checked; throws a sentence naming the bad entry. */
export function parseTrustedProxies(raw: string | undefined): string[] {
  const entries = (raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  for (const entry of entries)
    if (isIP(entry) === 0)
      throw new Error(
        `SECTIONSMITH_TRUST_PROXY: "${entry}" is not an IP address; list the reverse proxies' addresses, comma-separated (e.g. 127.0.0.1,10.0.0.5)`,
      );
  return entries.map(normaliseAddress);
}

export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: readonly string[],
): string {
  if (peer === undefined) return "unknown";
  const from = normaliseAddress(peer);
  if (!trustedProxies.includes(from) || !forwardedFor) return from;
  const hops = forwardedFor
    .split(",")
    .map(normaliseAddress)
    .filter((h) => h !== "");
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (isIP(hop) === 0) return from; // a malformed chain: the proxy's own address, not a guess
    if (!trustedProxies.includes(hop)) return hop;
  }
  return from;
}
