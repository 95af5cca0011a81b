// The Snippet and Document tabs' views, loaded together with import() by App.tsx (src/taskpane/lazy-part.tsx):
// the pane opens on the Library, and these bring the form, outline, insert and inventory controls.
export { DocumentInventory } from "./DocumentInventory/DocumentInventory";
export { DocumentView } from "./DocumentView/DocumentView";
export { SnippetView } from "./SnippetView/SnippetView";
