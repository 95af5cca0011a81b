// The engine (docx and friends) is the heaviest part of the pane: load it once, on demand, in its
// own chunk, so the pane paints before it arrives. Types come in statically (they cost nothing).

export type Engine = typeof import("../engine");

let loading: Promise<Engine> | undefined;

export function loadEngine(): Promise<Engine> {
  loading ??= import("../engine");
  return loading;
}
