import { completeCommand, registerCommand } from "../office/commands-runtime";

// The add-in's function file (manifest: FunctionFile → commands.html). The only ribbon button uses
// ShowTaskpane, which needs no code; Office still loads this page for ExecuteFunction buttons, so it
// registers one harmless `action` that just completes the event. Opening the pane from a function is
// only possible with a shared runtime (Office.addin.showAsTaskpane), which this add-in does not use.

export function action(event: Office.AddinCommands.Event): void {
  completeCommand(event);
}

registerCommand("action", action);
