// Schema validation with xmllint-wasm (libxml2 compiled to WebAssembly).
// Compiling WordprocessingML + DrawingML takes ~0.5 s and the package's validateXML does it on
// every call, in a new worker. So one umbrella schema imports every namespace a part's root can be
// in (libxml2 picks the declaration by root element), and a long-lived worker (xmllint-worker.cjs)
// compiles it once per process and then validates parts as they come. If that worker fails, the
// same inputs go through the package's validateXML in one run instead.

import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MessageChannel, Worker, type MessagePort } from "node:worker_threads";
import { memoryPages, validateXML, type XMLFileInfo } from "xmllint-wasm";
import { NS, shortenNames } from "./namespaces";

const XSD_DIR = fileURLToPath(new URL("../../fixtures/ooxml/xsd/", import.meta.url));

// The core-properties schema imports Dublin Core by URL; the fixtures carry local stand-ins.
const DUBLIN_CORE_URL = /http:\/\/dublincore\.org\/schemas\/xmls\/qdc\/2003\/04\/02\//g;

const UMBRELLA = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:import namespace="${NS.xml}" schemaLocation="stubs/xml.xsd"/>
  <xs:import namespace="${NS.w}" schemaLocation="wml.xsd"/>
  <xs:import namespace="${NS.a}" schemaLocation="dml-main.xsd"/>
  <xs:import namespace="${NS.cp}" schemaLocation="opc-coreProperties.xsd"/>
  <xs:import namespace="${NS.ep}" schemaLocation="shared-documentPropertiesExtended.xsd"/>
  <xs:import namespace="${NS.custom}" schemaLocation="shared-documentPropertiesCustom.xsd"/>
  <xs:import namespace="${NS.ct}" schemaLocation="opc-contentTypes.xsd"/>
  <xs:import namespace="${NS.rel}" schemaLocation="opc-relationships.xsd"/>
</xs:schema>
`;

let preload: XMLFileInfo[] | undefined;

function schemaFiles(): XMLFileInfo[] {
  if (preload) return preload;
  const files: XMLFileInfo[] = [];
  for (const sub of ["", "stubs/"]) {
    for (const name of readdirSync(XSD_DIR + sub).filter((n) => n.endsWith(".xsd"))) {
      const text = readFileSync(XSD_DIR + sub + name, "utf8").replace(DUBLIN_CORE_URL, "stubs/");
      files.push({ fileName: `xsd/${sub}${name}`, contents: text });
    }
  }
  preload = files;
  return files;
}

export type SchemaInput = {
  fileName: string;
  xml: string;
  pathOfLine: (line: number) => string;
  part: string;
};

type Answer = { file: string; output: string };
type Pending = { xml: string; resolve: (r: Answer) => void; reject: (e: Error) => void };

const DEFAULT_SLOTS = 1_500;
let slots = DEFAULT_SLOTS;
let forceOneRun = false;
/** How often the schemas were compiled: worker starts and one-shot fallback runs. */
const stats = { workersStarted: 0, oneShotRuns: 0 };

export function validatorStats(): Readonly<typeof stats> {
  return { ...stats };
}

/** The long-lived validator: one worker, documents in FIFO order, results by request id. */
class XmllintService {
  dead = false;
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor() {
    stats.workersStarted++;
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.worker = new Worker(new URL("./xmllint-worker.cjs", import.meta.url), {
      workerData: {
        signal: this.signal.buffer,
        port: channel.port2,
        inputFiles: [...schemaFiles(), { fileName: "xsd/umbrella.xsd", contents: UMBRELLA }],
        schema: "xsd/umbrella.xsd",
        // xmllint gets one argument per slot and Emscripten puts argv on its small stack (64 KB):
        // 20,000 slots overflow it. After the last slot the worker exits and a new one starts.
        slots,
        initialPages: 512,
        maxPages: memoryPages.GiB,
      },
      transferList: [channel.port2],
    });
    this.worker.on(
      "message",
      (m: { type: string; id?: number; file?: string; output?: string; code?: number; reason?: string }) => {
        if (m.type === "result" && m.id !== undefined) {
          this.pending.get(m.id)?.resolve({ file: m.file ?? "", output: m.output ?? "" });
          this.pending.delete(m.id);
          this.idle();
        } else if (m.type === "exhausted") {
          // Out of file slots: nothing still pending was read; hand it to a fresh worker.
          this.dead = true;
          const moved = [...this.pending.values()];
          this.pending.clear();
          void this.worker.terminate();
          for (const p of moved) xmllint().validate(p.xml).then(p.resolve, p.reject);
        } else {
          this.fail(
            new Error(m.type === "exit" ? `xmllint exited (code ${m.code})` : `xmllint aborted: ${m.reason}`),
          );
        }
      },
    );
    this.worker.on("error", (e) => this.fail(e));
    this.worker.on("exit", () => this.fail(new Error("xmllint worker stopped")));
    this.worker.unref();
    this.port.unref();
  }

  validate(xml: string): Promise<Answer> {
    if (this.dead) return Promise.reject(new Error("xmllint worker is not running"));
    const id = this.nextId++;
    const bytes = new TextEncoder().encode(xml);
    const result = new Promise<Answer>((resolve, reject) => this.pending.set(id, { xml, resolve, reject }));
    // Keep the process alive while answers are due; let it exit when idle.
    this.worker.ref();
    this.port.postMessage({ id, bytes }, [bytes.buffer]);
    Atomics.add(this.signal, 0, 1);
    Atomics.notify(this.signal, 0);
    return result;
  }

  private idle(): void {
    if (this.pending.size === 0) this.worker.unref();
  }

  stop(): void {
    this.fail(new Error("xmllint worker stopped on request"));
  }

  private fail(e: Error): void {
    if (this.dead) return;
    this.dead = true;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
    void this.worker.terminate();
  }
}

let service: XmllintService | undefined;

function xmllint(): XmllintService {
  if (!service || service.dead) service = new XmllintService();
  return service;
}

/**
 * For tests of this module: stops the worker; the next one gets `slots` file slots. With
 * `oneRun`, validation bypasses the worker and uses the package's validateXML (the fallback path).
 */
export function restartValidator(options: { slots?: number; oneRun?: boolean } = {}): void {
  service?.stop();
  service = undefined;
  slots = options.slots ?? DEFAULT_SLOTS;
  forceOneRun = options.oneRun ?? false;
}

export type SchemaResult = { errors: Map<string, string[]>; ms: number };

/** Validates the inputs; returns messages per input fileName and the time it took. */
export async function validateWithSchemas(inputs: SchemaInput[]): Promise<SchemaResult> {
  const started = performance.now();
  const errors = new Map<string, string[]>(inputs.map((i) => [i.fileName, []]));
  if (inputs.length === 0) return { errors, ms: 0 };
  if (forceOneRun) return validateInOneRun(inputs, started);
  let outputs: Answer[];
  try {
    outputs = await Promise.all(inputs.map((i) => xmllint().validate(i.xml)));
  } catch {
    return validateInOneRun(inputs, started);
  }
  inputs.forEach((input, k) =>
    collect(input, outputs[k]!.file, outputs[k]!.output, errors.get(input.fileName)!),
  );
  return { errors, ms: performance.now() - started };
}

/** Turns xmllint's "file:line: … error : message" lines into "element path: message". */
function collect(input: SchemaInput, file: string, output: string, into: string[]): void {
  for (const line of output.split("\n")) {
    const m = /^(.+?):(\d+): (.*)$/.exec(line);
    if (!m || m[1] !== file) continue;
    const path = input.pathOfLine(Number(m[2]));
    const message = (m[3] ?? "").replace(
      /^.*?(Schemas validity error|parser error|Schemas parser error) : /,
      "",
    );
    if (into.length < 20) into.push(`${path}: ${shortenNames(message)}`);
    else if (into.length === 20) into.push("… further schema errors left out");
  }
}

/** Fallback: the package's own API, all inputs in one xmllint run. */
async function validateInOneRun(inputs: SchemaInput[], started: number): Promise<SchemaResult> {
  stats.oneShotRuns++;
  const errors = new Map<string, string[]>(inputs.map((i) => [i.fileName, []]));
  const totalChars = inputs.reduce((n, i) => n + i.xml.length, 0);
  let output: string;
  try {
    const result = await validateXML({
      xml: inputs.map((i) => ({ fileName: i.fileName, contents: i.xml })),
      schema: [{ fileName: "xsd/umbrella.xsd", contents: UMBRELLA }],
      preload: schemaFiles(),
      initialMemoryPages: 512,
      // Room for the DOMs of all parts at once: ~12 bytes of wasm heap per input byte is plenty.
      maxMemoryPages: Math.min(memoryPages.max, Math.max(2048, Math.ceil((totalChars * 12) / 65536) + 1024)),
    });
    output = result.rawOutput;
  } catch (e) {
    // Exit codes other than "valid"/"invalid" (a parser error, a schema error) reject with stderr.
    output = (e as Error).message;
    if (!/:\d+: /.test(output)) {
      for (const list of errors.values())
        list.push(`(schema validation did not run) ${output.slice(0, 500)}`);
      return { errors, ms: performance.now() - started };
    }
  }
  for (const input of inputs) collect(input, input.fileName, output, errors.get(input.fileName)!);
  return { errors, ms: performance.now() - started };
}
