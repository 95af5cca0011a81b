// `expect(value, message)` for Jest, whose expect takes one argument (vitest's takes a message to show on
// failure): scripts/vitest-to-jest.mjs rewrites such calls to `expectWithMessage(value, message)`, which
// is expect(value) with the message put in front of any failure of its matchers (also after .not,
// .resolves and .rejects).

import { expect } from "@jest/globals";

type Matchers = ReturnType<typeof expect>;

const prefixed = (error: unknown, message: string) => {
  if (error instanceof Error) error.message = `${message}\n\n${error.message}`;
  return error;
};

function wrap<M extends object>(target: M, message: string): M {
  return new Proxy(target, {
    get(object, name, receiver) {
      const value = Reflect.get(object, name, receiver) as unknown;
      if (name === "not" || name === "resolves" || name === "rejects") return wrap(value as object, message);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        try {
          const result = (value as (...a: unknown[]) => unknown).apply(object, args);
          return result instanceof Promise
            ? result.catch((error: unknown) => {
                throw prefixed(error, message);
              })
            : result;
        } catch (error) {
          throw prefixed(error, message);
        }
      };
    },
  });
}

export function expectWithMessage(actual: unknown, message?: string): Matchers {
  const matchers = expect(actual);
  return message === undefined ? matchers : wrap(matchers, message);
}
