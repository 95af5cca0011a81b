// The changes a user makes to the team library (new snippets and versions, review steps, deprecations,
// usage reports, conflicts resolved): each is queued in IndexedDB and a sync round is asked for, so a
// change is kept even while the server cannot be reached (src/taskpane/team/queue.ts sends them in order).

import { useCallback } from "react";
import type { TeamState } from "./use-team-state";
import { keepMine, mergeSnippets, opKey } from "../team/queue";
import type { Held, QueuedOp, TeamContent, UsageEvent } from "../team/types";

export type TeamChanges = {
  save(id: string, content: TeamContent, isNew: boolean): void;
  review(id: string, version: number, kind: "submit" | "approve" | "reject", comment?: string): void;
  /** Approvers: an approved version is deprecated, optionally naming the snippet to use instead. */
  deprecate(id: string, version: number, replacedBy?: string): void;
  reportUsage(events: UsageEvent[]): void;
  resolve(held: Held, choice: "mine" | "theirs"): void;
};

const now = () => new Date().toISOString();

export function useTeamChanges(
  state: Pick<TeamState, "live" | "putQueue" | "putHeld" | "putCache">,
  sync: () => Promise<void>,
): TeamChanges {
  const { live, putQueue, putHeld, putCache } = state;
  const enqueue = useCallback(
    (op: QueuedOp) => {
      putQueue([...live.current.queue, op]);
      void sync();
    },
    [putQueue, sync, live],
  );
  /** The revision a change is made on: the server's copy's (0 for a snippet it does not have yet). */
  const revisionOf = useCallback(
    (id: string) => live.current.cache?.snippets.find((s) => s.id === id)?.revision ?? 0,
    [live],
  );

  const save = useCallback(
    (id: string, content: TeamContent, isNew: boolean) =>
      enqueue(
        isNew
          ? { kind: "create", key: opKey(), queuedAt: now(), id, content }
          : { kind: "version", key: opKey(), queuedAt: now(), id, base: revisionOf(id), content },
      ),
    [enqueue, revisionOf],
  );
  const review = useCallback(
    (id: string, version: number, kind: "submit" | "approve" | "reject", comment?: string) =>
      enqueue({
        kind,
        key: opKey(),
        queuedAt: now(),
        id,
        version,
        base: revisionOf(id),
        ...(comment ? { comment } : {}),
      }),
    [enqueue, revisionOf],
  );
  const deprecate = useCallback(
    (id: string, version: number, replacedBy?: string) =>
      enqueue({
        kind: "deprecate",
        key: opKey(),
        queuedAt: now(),
        id,
        version,
        base: revisionOf(id),
        ...(replacedBy ? { replacedBy } : {}),
      }),
    [enqueue, revisionOf],
  );
  const reportUsage = useCallback(
    (events: UsageEvent[]) => {
      if (events.length > 0 && live.current.settings?.library)
        enqueue({ kind: "usage", key: opKey(), queuedAt: now(), events: events.slice(0, 100) });
    },
    [enqueue, live],
  );
  const resolve = useCallback(
    (item: Held, choice: "mine" | "theirs") => {
      putHeld(live.current.held.filter((h) => h.op.key !== item.op.key));
      if (item.reason === "conflict") putCache(mergeSnippets(live.current.cache!, [item.current]));
      const mine = choice === "mine" ? keepMine(item, now()) : undefined;
      if (mine) enqueue(mine);
      else void sync();
    },
    [putHeld, putCache, enqueue, sync, live],
  );
  return { save, review, deprecate, reportUsage, resolve };
}
