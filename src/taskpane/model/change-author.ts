// Who a tracked change is by, as Word's Review pane shows it: the person signed in to the team library
// (the one making the change), else the snippet's owner (the library's name for who answers for the
// wording), else the product's name — never empty, as Word refuses a revision without an author.
export const changeAuthor = (signedIn: string | undefined, owner: string | undefined): string =>
  signedIn?.trim() || owner?.trim() || "Sectionsmith";
