// A long-lived xmllint (xmllint-wasm's libxml2 build) that compiles the OOXML schemas ONCE and then
// validates documents one after another as they arrive: ~0.5 s of schema compilation per process
// instead of per document.
//
// How: xmllint is started with the file list 0.xml … N.xml, of which only 0.xml (a warm-up) exists.
// xmllint reports every file on stderr ("K.xml validates" / "fails to validate") before opening the
// next one, and Emscripten delivers that line synchronously to printErr. There the worker blocks
// (Atomics.wait) until the main thread sends the next document, writes it as (K+1).xml and
// returns, and xmllint carries on. Messages arrive on a MessagePort read with
// receiveMessageOnPort, which works while this thread is blocked.
//
// Plain CommonJS: Node loads worker files itself, without Jest's TypeScript transform.
"use strict";

const { parentPort, workerData, receiveMessageOnPort } = require("node:worker_threads");
// module.exports of xmllint-node.js is the Emscripten module factory (the file also registers a
// listener for the package's own worker protocol, which ignores our messages).
const createXmllint = require("xmllint-wasm/xmllint-node.js");

const signal = new Int32Array(workerData.signal);
const port = workerData.port;
const slots = workerData.slots;
const fileName = (k) => `${k}.xml`; // short: every name sits on the Emscripten stack

let slot = 0; // the file xmllint is working on; 0 is the warm-up
let current = null; // { id } of the request in that file
let output = "";

function waitForDocument() {
  for (;;) {
    const seen = Atomics.load(signal, 0);
    const received = receiveMessageOnPort(port);
    if (received) return received.message;
    Atomics.wait(signal, 0, seen);
  }
}

function finishCurrent() {
  if (current) parentPort.postMessage({ type: "result", id: current.id, file: fileName(slot), output });
  output = "";
  try {
    module_.FS_unlink(`/${fileName(slot)}`);
  } catch {
    // never written or already gone
  }
  slot++;
  if (slot > slots) {
    // xmllint will find no more files and exit; the main thread moves on to a new worker.
    parentPort.postMessage({ type: "exhausted" });
    return;
  }
  const next = waitForDocument();
  current = { id: next.id };
  module_.FS_createDataFile("/", fileName(slot), next.bytes, true, false, false);
}

function onLine(text) {
  output += `${text}\n`;
  const name = fileName(slot);
  if (
    text === `${name} validates` ||
    text === `${name} fails to validate` ||
    text === `${name} validation generated an internal error` ||
    // Not well-formed: xmllint prints no verdict and goes straight to the next file.
    (text.startsWith(`${name}:`) && text.includes(" parser error : "))
  ) {
    finishCurrent();
  }
}

const args = ["--schema", workerData.schema, "--noout"];
for (let k = 0; k <= slots; k++) args.push(fileName(k));

// Emscripten assigns FS_createDataFile etc. onto the object passed in, before main() runs.
const module_ = {
  inputFiles: [...workerData.inputFiles, { fileName: fileName(0), contents: "<warm-up/>" }],
  arguments: args,
  print: onLine,
  printErr: onLine,
  onExit: (code) => parentPort.postMessage({ type: "exit", code }),
  onAbort: (reason) => parentPort.postMessage({ type: "abort", reason: String(reason) }),
  wasmMemory: new WebAssembly.Memory({ initial: workerData.initialPages, maximum: workerData.maxPages }),
};
createXmllint(module_).catch((e) => parentPort.postMessage({ type: "abort", reason: String(e) }));
