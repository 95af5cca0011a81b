// The add-in's function file (manifest: FunctionFile → commands.html). The only ribbon button uses
// ShowTaskpane, which needs no code; Office still loads this page for ExecuteFunction buttons, so it
// registers one harmless `action` that just completes the event. Opening the pane from a function is
// only possible with a shared runtime (Office.addin.showAsTaskpane), which this add-in does not use.

export function action(event: Office.AddinCommands.Event): void {
  // Always complete the event, or Office shows a spinner on the button until it times out.
  event.completed();
}

if (typeof Office !== "undefined") {
  Office.onReady(() => {
    // Office.actions is missing on older clients, which look functions up by global name instead.
    Office.actions?.associate("action", action);
  });
  (globalThis as Record<string, unknown>).action = action;
}
