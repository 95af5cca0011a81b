// Migration 6: members keyed on who a user is, not on a name. A member row holds the sign-in name it was
// added by (shown, and kept up to date when the user signs in under a new one) and, once that person has
// signed in, their subject — Entra ID's tenant and object id, or the dev issuer's sub (src/server/auth.ts).
// A row without a subject is an invitation: the first sign-in with that name binds it to the person
// (store/libraries.ts bindInvitations). Existing rows become invitations, bound at each member's next
// sign-in. A version also keeps the subjects of who wrote and submitted it, for four eyes.

export const IDENTITY_SQL = `
alter table members rename column user_id to name;
alter table members add column subject text;
create unique index members_subject on members (library_id, subject) where subject is not null;
create index members_of_subject on members (subject) where subject is not null;
create index members_invited on members (name) where subject is null;
alter table snippet_versions add column created_by_subject text, add column submitted_by_subject text;
`;
