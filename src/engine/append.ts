/**
 * Appends every item of `items` to `target` and returns `target`. Use it instead of
 * `target.push(...items)` wherever `items` can be long (document blocks, runs, problems): a spread
 * passes each item as a function argument, and engines cap those — about 120,000 in V8, 65,536 in
 * Safari — so a spread of a long array throws a RangeError.
 */
export function append<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
