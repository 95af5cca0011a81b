import { describe, expect, it } from "@jest/globals";
import { clientAddress, parseTrustedProxies } from "../../src/server/client-address";
import { readConfig } from "../../src/server/config";

// Which address the per-address sign-in limit counts a request against. The process-level check (a
// spoofed X-Forwarded-For over a real socket) is in process.test.ts.

describe("the client's address", () => {
  it("is the TCP peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.1", [])).toBe("203.0.113.9");
    expect(clientAddress("::ffff:127.0.0.1", "198.51.100.1", [])).toBe("127.0.0.1");
    expect(clientAddress(undefined, "198.51.100.1", [])).toBe("unknown");
  });

  it("behind a trusted proxy, is the right-most forwarded address that is not a trusted proxy", () => {
    const proxies = ["10.0.0.5", "10.0.0.6"];
    expect(clientAddress("10.0.0.5", "198.51.100.1", proxies)).toBe("198.51.100.1");
    // The client wrote the left-most entry itself: it does not choose its own address.
    expect(clientAddress("10.0.0.5", "1.2.3.4, 198.51.100.1", proxies)).toBe("198.51.100.1");
    expect(clientAddress("::ffff:10.0.0.5", "198.51.100.1, 10.0.0.6", proxies)).toBe("198.51.100.1");
    // Only proxies in the chain, or no header: the proxy itself.
    expect(clientAddress("10.0.0.5", "10.0.0.6", proxies)).toBe("10.0.0.5");
    expect(clientAddress("10.0.0.5", undefined, proxies)).toBe("10.0.0.5");
    // A header that is not a list of addresses is not believed.
    expect(clientAddress("10.0.0.5", "1.2.3.4, not-an-address", proxies)).toBe("10.0.0.5");
    // A request that does not come from a trusted proxy is its peer, even with the header.
    expect(clientAddress("203.0.113.9", "198.51.100.1", proxies)).toBe("203.0.113.9");
  });

  it("SECTIONSMITH_TRUST_PROXY takes IP addresses only, and is empty by default", () => {
    expect(parseTrustedProxies(" 127.0.0.1, ::1 ,")).toEqual(["127.0.0.1", "::1"]);
    expect(parseTrustedProxies(undefined)).toEqual([]);
    expect(() => parseTrustedProxies("127.0.0.1,proxy.internal")).toThrow(
      /SECTIONSMITH_TRUST_PROXY: "proxy.internal" is not an IP address/,
    );
    const base = { SECTIONSMITH_DATA_DIR: "/tmp/unused" };
    expect(readConfig(base).trustedProxies).toEqual([]);
    expect(readConfig({ ...base, SECTIONSMITH_TRUST_PROXY: "10.0.0.5" }).trustedProxies).toEqual([
      "10.0.0.5",
    ]);
    expect(() => readConfig({ ...base, SECTIONSMITH_TRUST_PROXY: "10.0.0" })).toThrow(/not an IP address/);
  });
});
