// Hidden classes held for the life of the engine.
//
// V8 specialises optimized code on the hidden classes ("maps") of the objects it has seen. A class built
// property by property in its constructor gets its final map through a chain of map transitions that V8
// holds only weakly: once every instance is dead, a full garbage collection frees those maps and drops
// ("weak objects" deoptimization) the optimized code of every function that was specialised on them.
// Every build's parser states, converters, expanders and builders die with the build, so after each full
// GC between builds — the pane's idle-time collections, the server's, or the benchmark's forced one —
// the engine's template and tree code ran unoptimized again until re-optimized (bench/analysis.md). One small instance of each such class, held here, keeps its maps alive.

const held: unknown[] = [];

/** Holds `specimen` for the life of the module (see above); returns it. */
export function keepAlive<T>(specimen: T): T {
  held.push(specimen);
  return specimen;
}
