// Migration 8: a usage event may carry the id its client gave it (a UUID, say), so that a report sent
// again — a pane that did not see the answer and retries — is recorded once.

export const USAGE_IDS_SQL = `
alter table usage_events add column client_id text;
create unique index usage_events_client_id on usage_events (library_id, user_id, client_id)
  where client_id is not null;
`;
