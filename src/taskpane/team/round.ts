// One library's sync round: send the queue (team/queue.ts flush), keep what it could not send and what
// the server would not take, then bring the copy up to date (team/pull.ts). Throws when the round stopped
// (offline, signed out), after keeping what it learnt.

import type { TeamClient } from "./client";
import { pull } from "./pull";
import { flush, mergeSnippets, opSnippet } from "./queue";
import type { Held, QueuedOp, TeamCache } from "./types";

export type RoundState = {
  live: { current: { cache?: TeamCache | undefined; queue: QueuedOp[]; held: Held[] } };
  putQueue(next: QueuedOp[]): void;
  putHeld(next: Held[]): void;
  putCache(next: TeamCache): void;
};

export async function libraryRound(client: TeamClient, library: string, state: RoundState): Promise<void> {
  const { live, putQueue, putHeld, putCache } = state;
  const sent = live.current.queue;
  const blocked = new Set(live.current.held.flatMap((h) => opSnippet(h.op) ?? []));
  const result = await flush(client, library, sent, blocked);
  // Changes queued while this round ran stay, after what is left of the ones it sent.
  const sentKeys = new Set(sent.map((o) => o.key));
  const left = [...result.queue, ...live.current.queue.filter((o) => !sentKeys.has(o.key))];
  if (left.map((o) => o.key).join() !== live.current.queue.map((o) => o.key).join()) putQueue(left);
  if (result.held.length > 0) putHeld([...live.current.held, ...result.held]);
  if (live.current.cache && result.updated.length > 0)
    putCache(mergeSnippets(live.current.cache, result.updated));
  if (result.stopped) throw result.stopped;
  const user = live.current.cache?.user ?? "";
  const fresh = await pull(client, library, live.current.cache, user);
  if (fresh !== live.current.cache) putCache(fresh);
}
