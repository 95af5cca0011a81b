// Office.js for the ribbon's function file (src/commands), kept here with the rest of the Office code.

/** Completes a ribbon command's event: without it Office shows a spinner on the button until it times out. */
export function completeCommand(event: Office.AddinCommands.Event): void {
  event.completed();
}

/** Registers `handler` under `name` for ExecuteFunction buttons, on clients new and old. */
export function registerCommand(name: string, handler: (event: Office.AddinCommands.Event) => void): void {
  if (typeof Office === "undefined") return;
  Office.onReady(() => {
    // Office.actions is missing on older clients, which look functions up by global name instead.
    Office.actions?.associate(name, handler);
  });
  (globalThis as Record<string, unknown>)[name] = handler;
}
