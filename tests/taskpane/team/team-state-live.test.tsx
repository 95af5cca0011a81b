/**
 * @jest-environment jsdom
 */
// The sync round reads the team state through `live`, which outlives the render that started it. A render
// that React does before a pending update (a click's urgent render while an update from a sync round, or
// one in a transition, still waits) must not put older values back into `live`: a change queued then
// would be sent with an old revision, or dropped when the round writes the queue back.
import "../setup";
import { startTransition, useState } from "react";
import { flushSync } from "react-dom";
import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "@jest/globals";
import { useTeamState } from "../../../src/taskpane/hooks/use-team-state";
import { memoryStore } from "../../../src/taskpane/model/storage";
import type { QueuedOp, TeamCache } from "../../../src/taskpane/team/types";

const op: QueuedOp = {
  kind: "approve",
  key: "k1",
  queuedAt: "2026-11-28T00:00:00Z",
  id: "a",
  base: 3,
  version: 1,
};
const cache = {
  url: "https://team.test",
  library: "legal",
  user: "bob",
  syncedAt: "x",
  snippets: [],
} as unknown as TeamCache;

function setup() {
  const store = memoryStore();
  return renderHook(() => {
    const [n, setN] = useState(0);
    return { n, setN, team: useTeamState(store) };
  });
}

describe("team state's live values", () => {
  it("keep a queued change and a new copy through an urgent render that comes before their own", async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.team.loaded).toBe(true));
    let seen: { queue: QueuedOp[]; cache: TeamCache | undefined } | undefined;
    act(() => {
      startTransition(() => {
        result.current.team.putQueue([op]);
        result.current.team.putCache(cache);
      });
      // An urgent render (a click elsewhere in the pane) before the transition's render.
      flushSync(() => result.current.setN(1));
      expect(result.current.n).toBe(1);
      const live = result.current.team.live.current;
      seen = { queue: live.queue, cache: live.cache };
    });
    expect(seen?.queue).toEqual([op]);
    expect(seen?.cache).toBe(cache);
    // Once React has rendered everything, state and live agree.
    expect(result.current.team.queue).toEqual([op]);
    expect(result.current.team.live.current.cache).toBe(cache);
  });
});
