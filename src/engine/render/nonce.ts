// In a module of its own: a check (no docx) makes the same build steps as a build (assemble/build.ts).

/** A build's own number: content control ids and bookmark names differ from every earlier insert's. */
export function buildNonce(): number {
  const crypto = (globalThis as { crypto?: { getRandomValues(a: Uint32Array): Uint32Array } }).crypto;
  if (crypto) return crypto.getRandomValues(new Uint32Array(1))[0]!;
  return Math.floor(Math.random() * 0x1_0000_0000);
}
