// Retrying assertions for Jest, in place of vitest's expect.poll (scripts/vitest-to-jest.mjs rewrites
// `expect.poll(fn)` to `poll(fn)`): `await poll(() => locator.count()).toBe(2)` calls fn until the matcher
// passes, and when the time is up fails with the matcher's own message about the last value.

import { expect } from "@jest/globals";

export type PollOptions = { timeout?: number; interval?: number; message?: string };

type Matchers = ReturnType<typeof expect>;
/** Every matcher of expect(value), returning a promise; `.not` negates as usual. */
export type PollMatchers = {
  [K in keyof Matchers as Matchers[K] extends (...args: never[]) => unknown ? K : never]: Matchers[K] extends (
    ...args: infer A
  ) => unknown
    ? (...args: A) => Promise<void>
    : never;
} & { not: PollMatchers };

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export function poll<T>(fn: () => T | Promise<T>, options: PollOptions = {}): PollMatchers {
  const timeout = options.timeout ?? 1_000; // vitest's defaults: 1 s, every 50 ms
  const interval = options.interval ?? 50;
  const make = (negated: boolean): PollMatchers =>
    new Proxy({} as PollMatchers, {
      get(_, name: string) {
        if (name === "not") return make(!negated);
        if (name === "then") return undefined; // not a thenable
        return async (...args: unknown[]) => {
          const deadline = Date.now() + timeout;
          for (;;) {
            let failure: unknown;
            try {
              const value = await fn();
              const matchers = negated ? expect(value).not : expect(value);
              const matcher = (matchers as unknown as Record<string, (...a: unknown[]) => unknown>)[name];
              if (typeof matcher !== "function") throw new TypeError(`poll(): no matcher ${name}`);
              await matcher.apply(matchers, args);
              return;
            } catch (error) {
              failure = error;
            }
            if (failure instanceof TypeError && String(failure.message).startsWith("poll():")) throw failure;
            if (Date.now() >= deadline) {
              if (options.message && failure instanceof Error) failure.message = `${options.message}\n\n${failure.message}`;
              throw failure;
            }
            await sleep(interval);
          }
        };
      },
    });
  return make(false);
}
