// Per-key fixed-window limits: at most `perMinute` units in each minute. A request costs one unit; what
// costs the server more costs more (an export by its size, a usage report by its events: routes charge
// them). They live in this process (each server process counts its own), which is enough to stop one
// runaway client.

export type RateLimiter = {
  /** Counts `units` for `key`; the seconds to wait when that goes over the limit, else 0. */
  take(key: string, units?: number): number;
  /** The seconds to wait if `key` is over the limit now, else 0 (counts nothing). */
  over(key: string): number;
};

export function createRateLimiter(perMinute: number, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string, t: number) => {
    if (windows.size > 10_000) for (const [k, w] of windows) if (t - w.start >= 60_000) windows.delete(k);
    let w = windows.get(key);
    if (!w || t - w.start >= 60_000) windows.set(key, (w = { start: t, count: 0 }));
    return w;
  };
  const wait = (w: { start: number; count: number }, t: number) =>
    w.count > perMinute ? Math.max(1, Math.ceil((w.start + 60_000 - t) / 1000)) : 0;
  return {
    take(key, units = 1) {
      const t = now();
      const w = current(key, t);
      w.count += units;
      return wait(w, t);
    },
    over(key) {
      const t = now();
      return wait(current(key, t), t);
    },
  };
}

/** Runs the functions given to it one at a time, in order (exports: one large answer built at once). */
export function oneAtATime(): <T>(fn: () => Promise<T>) => Promise<T> {
  let turn: Promise<unknown> = Promise.resolve();
  return (fn) => {
    const run = turn.then(fn);
    turn = run.catch(() => undefined);
    return run;
  };
}
