// A per-user fixed-window limit: at most `perMinute` requests in each minute. It lives in this process
// (each server process counts its own), which is enough to stop one runaway client.

export function createRateLimiter(perMinute: number, now: () => number = Date.now): (user: string) => number {
  const windows = new Map<string, { start: number; count: number }>();
  return (user) => {
    const t = now();
    if (windows.size > 10_000) for (const [k, w] of windows) if (t - w.start >= 60_000) windows.delete(k);
    const w = windows.get(user);
    if (!w || t - w.start >= 60_000) {
      windows.set(user, { start: t, count: 1 });
      return 0;
    }
    w.count++;
    return w.count > perMinute ? Math.ceil((w.start + 60_000 - t) / 1000) : 0;
  };
}
