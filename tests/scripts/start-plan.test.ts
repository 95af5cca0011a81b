// `npm start` never runs sudo or installs a certificate authority (issue 13): the dev server uses HTTPS only
// with a dev certificate that is already trusted, and otherwise serves HTTP with one message that says
// which command sets HTTPS up. Word desktop is only sideloaded into when HTTPS works.
import { describe, expect, it } from "@jest/globals";
import { chooseTransport, INSTALL_COMMAND, type DevCerts } from "../../scripts/dev-transport.mjs";
import { devServerPort, portIsFree, portTakenMessage } from "../../scripts/dev-port.mjs";
import { findWordDesktop, planStart } from "../../scripts/start-plan.mjs";
import { createServer } from "node:net";

const PATHS = { ca: "/certs/ca.crt", cert: "/certs/localhost.crt", key: "/certs/localhost.key" };

/** office-addin-dev-certs as seen by chooseTransport, recording every call made to it. */
function fakeCerts(trusted: boolean | Error) {
  const calls: string[] = [];
  const certs: DevCerts = {
    verifyCertificates() {
      calls.push("verifyCertificates");
      if (trusted instanceof Error) throw trusted;
      return trusted;
    },
    paths: PATHS,
  };
  // Anything else the module offers (install, generate, getHttpsServerOptions) would be a call we refuse.
  const guarded = new Proxy(certs, {
    get(target, name) {
      if (name === "then") return undefined; // awaited: not a promise
      if (!(name in target)) throw new Error(`chooseTransport used office-addin-dev-certs.${String(name)}`);
      return target[name as keyof DevCerts];
    },
  });
  return { certs: () => guarded, calls };
}

const read = (path: string) => `contents of ${path}`;

describe("chooseTransport: HTTPS only with a certificate already trusted; never installs one", () => {
  it("a trusted certificate: HTTPS with its files, and only verification was asked of the package", async () => {
    const { certs, calls } = fakeCerts(true);
    const transport = await chooseTransport({ env: {}, certs, read });
    expect(transport).toEqual({
      type: "https",
      options: {
        ca: `contents of ${PATHS.ca}`,
        cert: `contents of ${PATHS.cert}`,
        key: `contents of ${PATHS.key}`,
      },
    });
    expect(calls).toEqual(["verifyCertificates"]);
  });

  it("no trusted certificate: HTTP, and one message with the command to run and the http address", async () => {
    const { certs, calls } = fakeCerts(false);
    const transport = await chooseTransport({ env: {}, certs, read, port: 3123 });
    expect(transport.type).toBe("http");
    expect(calls).toEqual(["verifyCertificates"]);
    const message = transport.type === "http" ? (transport.message ?? "") : "";
    expect(message).toContain(INSTALL_COMMAND);
    expect(INSTALL_COMMAND).toBe("npx office-addin-dev-certs install");
    expect(message).toContain("http://localhost:3123/taskpane.html");
    expect(message).toMatch(/may ask for your password/);
    expect(message).not.toMatch(/\bsudo\b/);
  });

  it("verification failing, the package missing or the files unreadable: HTTP with the reason, no throw", async () => {
    const broken = await chooseTransport({
      env: {},
      certs: fakeCerts(new Error("openssl: not found\nmore")).certs,
      read,
    });
    expect(broken).toMatchObject({
      type: "http",
      reason: "the dev certificate could not be checked (openssl: not found)",
    });
    const missing = await chooseTransport({
      env: {},
      certs: () => Promise.reject(new Error("Cannot find module 'office-addin-dev-certs'")),
      read,
    });
    expect(missing).toMatchObject({ type: "http" });
    expect(missing.type === "http" && missing.message).toContain(INSTALL_COMMAND);
    const unreadable = await chooseTransport({
      env: {},
      certs: fakeCerts(true).certs,
      read: () => {
        throw new Error("EACCES: permission denied");
      },
    });
    expect(unreadable).toMatchObject({
      type: "http",
      reason: "the dev certificate could not be read (EACCES: permission denied)",
    });
  });

  it("SECTIONSMITH_DEV_HTTP=1: HTTP without looking at certificates", async () => {
    const { certs, calls } = fakeCerts(true);
    expect(await chooseTransport({ env: { SECTIONSMITH_DEV_HTTP: "1" }, certs, read })).toMatchObject({
      type: "http",
    });
    expect(calls).toEqual([]);
  });
});

describe("planStart: sideload only when Word is here and HTTPS works", () => {
  const https = { type: "https", options: { ca: "", cert: "", key: "" } } as const;
  const http = { type: "http", reason: "no trusted dev certificate for localhost yet" } as const;
  const word = "/Applications/Microsoft Word.app";

  it("Word and a trusted certificate: sideload", () => {
    expect(planStart({ word, transport: https }).kind).toBe("sideload");
  });

  it("Word without a trusted certificate: the web dev server over HTTP, saying why and what to run", () => {
    const plan = planStart({ word, transport: http });
    expect(plan.kind).toBe("web");
    const text = plan.lines.join("\n");
    expect(text).toContain(`\`${INSTALL_COMMAND}\``);
    expect(text).toContain("http://localhost:3000/taskpane.html");
    expect(text).not.toContain("https://");
  });

  it("no Word, or --web: the web dev server at the address it will really have", () => {
    expect(planStart({ word: null, transport: https }).lines.join("\n")).toContain(
      "https://localhost:3000/taskpane.html",
    );
    const web = planStart({ argv: ["--web"], word, transport: https, port: 4000 });
    expect(web.kind).toBe("web");
    expect(web.lines.join("\n")).toContain("https://localhost:4000/taskpane.html");
  });

  it("Word and HTTPS but another port than manifest.xml's 3000: no sideload, saying why", () => {
    const plan = planStart({ word, transport: https, port: 3001 });
    expect(plan.kind).toBe("web");
    const text = plan.lines.join("\n");
    expect(text).toContain("SECTIONSMITH_PANE_PORT");
    expect(text).toContain("https://localhost:3001/taskpane.html");
  });

  it("finds Word desktop where Office installs it", () => {
    const at = (path: string) => (p: string) => p === path;
    expect(findWordDesktop("darwin", {}, at(word))).toBe(word);
    expect(findWordDesktop("linux", {}, () => true)).toBeNull();
    const exe = "C:\\Program Files/Microsoft Office/root/Office16/WINWORD.EXE".replaceAll("\\", "/");
    expect(
      findWordDesktop("win32", { ProgramFiles: "C:\\Program Files" }, (p) => p.replaceAll("\\", "/") === exe),
    ).not.toBeNull();
  });
});

describe("the dev server's port: 3000, SECTIONSMITH_PANE_PORT when that is taken", () => {
  it("reads SECTIONSMITH_PANE_PORT before package.json's config, and refuses what is not a port by name", () => {
    expect(devServerPort({})).toBe(3000);
    expect(devServerPort({ npm_package_config_dev_server_port: "3000" })).toBe(3000);
    expect(
      devServerPort({ npm_package_config_dev_server_port: "3000", SECTIONSMITH_PANE_PORT: " 3005 " }),
    ).toBe(3005);
    for (const bad of ["abc", "0", "70000", "30.5", ""])
      expect(() => devServerPort({ SECTIONSMITH_PANE_PORT: bad })).toThrow(
        /^SECTIONSMITH_PANE_PORT: ".*" is not a port/,
      );
  });

  it("sees a taken port, and says how to serve on another", async () => {
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(0, () => r()));
    const { port } = holder.address() as { port: number };
    try {
      expect(await portIsFree(port)).toBe(false);
    } finally {
      await new Promise((r) => holder.close(r));
    }
    expect(await portIsFree(port)).toBe(true);
    expect(portTakenMessage(port)).toContain(`SECTIONSMITH_PANE_PORT=${port + 1} npm start`);
  });
});
