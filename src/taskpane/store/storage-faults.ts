// Storage faults the user must hear about, wherever they happen: the pane's small state (outline,
// settings, favourites: model/storage via hooks/use-store) fails to save when the browser's storage is full
// or refuses, and that must reach the same banner as the library store's own notice (hooks/use-library-store)
// without either hook knowing the other. One current message per pane; undefined when all is well again.

type Listener = (message: string | undefined) => void;

let current: string | undefined;
const listeners = new Set<Listener>();

export function reportStorageFault(message: string | undefined): void {
  if (message === current) return;
  current = message;
  for (const listener of listeners) listener(message);
}

/** Calls `listener` with the current message at once, then with every change; returns the unsubscribe. */
export function followStorageFaults(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  return () => listeners.delete(listener);
}

/** What the user is told when the outline or settings could not be saved: what happened, what to do. */
export function stateSaveFaultMessage(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  const why =
    name === "QuotaExceededError"
      ? "the browser’s storage for this add-in is full"
      : `the browser refused (${error instanceof Error ? error.message : String(error)})`;
  return (
    `Your latest outline changes could not be saved: ${why}. They stay in this pane until it closes — ` +
    "download the .docx to keep them, and free space by deleting snippets you no longer need (Manage)."
  );
}
