// Runs in every test file's environment before the file (Jest `setupFiles`). Under jsdom, Jest's window
// lacks Node globals the pane's code and its tests use (vitest's jsdom environment kept them): docx and the
// encoders need TextEncoder/TextDecoder; the stores and fake-indexeddb need structuredClone; setImmediate
// must be Node's (without it jszip installs a postMessage-based polyfill, and fake-indexeddb, which
// schedules with setImmediate when it finds one, then commits an upgrade transaction before the upgrade's
// awaited steps run: "No objectStore named history"). The clone is
// @ungap/structured-clone loaded in the window's realm, so what it returns is the window's Array and
// Object (Node's own structuredClone would hand back objects from the outer realm).
if (typeof window !== "undefined") {
  const util = require("node:util");
  const g = globalThis;
  g.TextEncoder ??= util.TextEncoder;
  g.TextDecoder ??= util.TextDecoder;
  // Node's timers, from the realm outside the window (Jest's jsdom keeps Node's setTimeout the same way).
  const outer = new Node.constructor("return { setImmediate, clearImmediate, MessageChannel, BroadcastChannel }")();
  g.setImmediate ??= outer.setImmediate;
  g.clearImmediate ??= outer.clearImmediate;
  g.MessageChannel ??= outer.MessageChannel;
  g.BroadcastChannel ??= outer.BroadcastChannel;
  if (typeof g.structuredClone !== "function") {
    const clone = require("@ungap/structured-clone").default;
    g.structuredClone = (value, options) => clone(value, { lossy: false, ...options });
  }
}
