import { entryHash } from "./audit-chain";
import type { Sql } from "./db";
import { readAudit } from "./store/audit";

// Migration 7: the audit log becomes a hash chain (audit-chain.ts). Each entry gets its hash, the library
// its last one; the entries written before are chained now, in seq order — the migration is where their
// history starts being checkable. The append-only trigger is off only inside this transaction.

export const AUDIT_CHAIN_SQL = `
alter table audit_log add column hash text;
alter table libraries add column audit_head text;
alter table audit_log disable trigger audit_log_no_update;
`;

export async function chainExistingEntries(tx: Sql): Promise<void> {
  for (const { id } of await tx.query<{ id: string }>("select id from libraries order by id")) {
    let previous = "";
    for (let page = await readAudit(tx, id, { limit: 1000 }); page.length > 0;) {
      for (const entry of page) {
        previous = entryHash(previous, id, entry);
        await tx.query("update audit_log set hash = $3 where library_id = $1 and seq = $2", [
          id,
          entry.seq,
          previous,
        ]);
      }
      page = await readAudit(tx, id, { after: page.at(-1)!.seq, limit: 1000 });
    }
    await tx.query("update libraries set audit_head = $2 where id = $1", [
      id,
      previous === "" ? null : previous,
    ]);
  }
  await tx.exec("alter table audit_log enable trigger audit_log_no_update");
}
