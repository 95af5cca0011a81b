// The team library in the pane (issue 16): which server and library, who is signed in, the IndexedDB
// copy the pane works from, and the changes waiting for the server. A sync round sends the queue
// (src/taskpane/team/queue.ts), then brings the copy up to date (team/pull.ts); rounds run every
// `pollMs`, after each change, and when the browser comes back online. Nothing here needs the server
// to be up: changes queue (use-team-changes.ts), and the copy keeps serving search, preview and insert.

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTeamChanges, type TeamChanges } from "./use-team-changes";
import { useTeamState } from "./use-team-state";
import type { KeyValueStore } from "../model/storage";
import type { WordHost } from "../host";
import type { MeView } from "../../server/wire";
import {
  createTeamClient,
  isTeamError,
  isUnreachable,
  normaliseUrl,
  TeamError,
  type Reply,
  type TeamClient,
} from "../team/client";
import { chosenLibrary, freshCopy } from "../team/membership";
import { notMemberMessage, signInMessage } from "../team/messages";
import { libraryRound } from "../team/round";
import { overlay } from "../team/queue";
import type {
  Held,
  QueuedOp,
  SignIn,
  TeamCache,
  TeamLibrary,
  TeamSettings,
  TeamSnippet,
} from "../team/types";

/** `unreachable`: the server never answered this pane (not "offline": there is no copy of it to work from). */
export type Connection = "off" | "connecting" | "online" | "offline" | "unreachable" | "signed-out";

export type TeamApi = TeamChanges & {
  loaded: boolean;
  settings?: TeamSettings;
  connection: Connection;
  /** What is wrong, in the user's words (unset when all is well). */
  message?: string;
  user?: string;
  /** The libraries the user is a member of (after connecting). */
  libraries: TeamLibrary[];
  cache?: TeamCache;
  /** The server's copy with the waiting changes applied. */
  snippets: TeamSnippet[];
  queue: QueuedOp[];
  held: Held[];
  /** Office SSO is available (inside Office). */
  canUseOffice: boolean;
  connect(url: string, signIn: SignIn): Promise<boolean>;
  chooseLibrary(id: string): void;
  disconnect(): void;
  /** Sends the queue, brings the copy up to date and asks again which libraries the user is in. */
  syncNow(): void;
  /** How often the user asked for Sync now: views that read on their own (members, reports) read again. */
  asked: number;
  /** A request of the user's own (creating a library, members, reports), with the user's sign-in. */
  call<T>(method: string, path: string, init?: { body?: unknown; ifMatch?: number }): Promise<Reply<T>>;
};

export const DEFAULT_POLL_MS = 3000;
/** Every this many rounds (30 s at the default), the pane asks again which libraries the user is in. */
export const ME_EVERY = 10;

export function useTeam(store: KeyValueStore | undefined, host: WordHost, pollMs = DEFAULT_POLL_MS): TeamApi {
  const state = useTeamState(store);
  const { loaded, settings, cache, queue, held, live, putSettings, putQueue, putHeld, putCache } = state;
  const [connection, setConnection] = useState<Connection>("off");
  const [message, setMessage] = useState<string>();
  const [libraries, setLibraries] = useState<TeamLibrary[]>([]);
  const [asked, setAsked] = useState(0);
  const running = useRef(false);
  const again = useRef(false);
  const meDue = useRef(true);
  const rounds = useRef(0);
  /** A request of this pane reached the server since it connected (else a failure is not "offline"). */
  const reached = useRef(false);
  useEffect(() => {
    if (loaded) setConnection((c) => (c === "off" && live.current.settings ? "connecting" : c));
  }, [loaded, live]);

  const clientFor = useCallback(
    (s: TeamSettings): TeamClient =>
      createTeamClient(s.url, async () => {
        if (s.signIn.kind === "token") return s.signIn.token;
        if (!host.accessToken) throw new Error("Office sign-in is only available inside Office.");
        return host.accessToken();
      }),
    [host],
  );

  // Who the user is and which libraries they are in (GET /me): while no library is chosen, every round
  // (so a membership an admin has just added shows within a round), then every ME_EVERY rounds and on
  // Sync now (a library added later, or a role changed).
  const refreshMe = useCallback(
    async (client: TeamClient, s: TeamSettings) => {
      const { body } = await client.request<MeView>("GET", "/me");
      setLibraries(body.libraries);
      const now = live.current.settings;
      if (!now || now.url !== s.url) return;
      const chosen = chosenLibrary(body.libraries, now.library);
      if (chosen !== now.library) {
        const rest: TeamSettings = { url: now.url, signIn: now.signIn };
        putSettings({ ...rest, ...(chosen ? { library: chosen } : {}) });
      }
      const fresh = freshCopy(live.current.cache, s.url, body, chosen);
      if (fresh) putCache(fresh);
      return { user: body.user, count: body.libraries.length };
    },
    [putSettings, putCache, live],
  );

  const sync = useCallback(
    async (options: { me?: boolean } = {}) => {
      if (options.me) meDue.current = true;
      if (!live.current.settings) return;
      if (running.current) {
        again.current = true;
        return;
      }
      running.current = true;
      const s0 = live.current.settings;
      try {
        do {
          again.current = false;
          const s = live.current.settings;
          if (!s) break;
          const client = clientFor(s);
          rounds.current++;
          let notMember: string | undefined;
          if (!s.library || meDue.current || rounds.current % ME_EVERY === 0) {
            meDue.current = false;
            const me = await refreshMe(client, s);
            if (me && me.count === 0) notMember = me.user;
          }
          const library = live.current.settings?.library;
          if (library) await syncLibrary(client, library);
          reached.current = true;
          setConnection("online");
          setMessage(notMember ? notMemberMessage(notMember) : undefined);
        } while (again.current);
      } catch (e) {
        const cached = live.current.cache;
        const everReached = reached.current || (cached?.url === s0.url && cached.syncedAt !== "");
        if (isTeamError(e) && e.kind === "signed-out") setConnection("signed-out");
        else if (isUnreachable(e) && (e as TeamError).status === 0)
          setConnection(everReached ? "offline" : "unreachable");
        else if (isUnreachable(e)) setConnection("offline");
        else setConnection("online");
        setMessage(e instanceof Error ? e.message : String(e));
      } finally {
        running.current = false;
      }
    },
    [clientFor, refreshMe],
  );

  const syncLibrary = (client: TeamClient, library: string) =>
    libraryRound(client, library, { live, putQueue, putHeld, putCache });

  // Rounds: at start, every pollMs, and when the browser says it is back online; with no library chosen
  // yet they ask the server which libraries the user is in.
  const active = settings?.url;
  const library = settings?.library;
  // Signed out: no more rounds until the user signs in again (Office SSO could otherwise prompt every round).
  const stopped = connection === "signed-out";
  useEffect(() => {
    if (!active || stopped) return;
    void sync();
    const timer = setInterval(() => void sync(), pollMs);
    const online = () => void sync();
    globalThis.addEventListener?.("online", online);
    return () => {
      clearInterval(timer);
      globalThis.removeEventListener?.("online", online);
    };
  }, [active, library, stopped, pollMs, sync]);

  const connect = useCallback(
    async (rawUrl: string, signIn: SignIn): Promise<boolean> => {
      const url = normaliseUrl(rawUrl);
      if (!url) {
        setMessage("Type the team server's address, e.g. https://sectionsmith.contoso.com");
        return false;
      }
      const next: TeamSettings = { url, signIn };
      setConnection("connecting");
      reached.current = false;
      try {
        const { body } = await clientFor(next).request<MeView>("GET", "/me");
        reached.current = true;
        setLibraries(body.libraries);
        const chosen = chosenLibrary(body.libraries, live.current.settings?.library);
        putSettings({ ...next, ...(chosen ? { library: chosen } : {}) });
        const fresh = freshCopy(live.current.cache, url, body, chosen);
        if (fresh) putCache(fresh);
        setConnection("online");
        setMessage(body.libraries.length === 0 ? notMemberMessage(body.user) : undefined);
        return true;
      } catch (e) {
        // Never "offline" here: the pane has no copy of a server it never reached.
        setConnection(isTeamError(e) && e.kind === "signed-out" ? "signed-out" : "unreachable");
        setMessage(signInMessage(e, url));
        return false;
      }
    },
    [clientFor, putSettings, putCache, live],
  );

  /** A request of the user's own (admin work, reports): not queued; failures come back as TeamErrors. */
  const call = useCallback(
    async <T>(
      method: string,
      path: string,
      init?: { body?: unknown; ifMatch?: number },
    ): Promise<Reply<T>> => {
      const s = live.current.settings;
      if (!s) throw new TeamError("offline", "Connect to a team server first.");
      return clientFor(s).request<T>(method, path, init);
    },
    [clientFor, live],
  );

  const chooseLibrary = useCallback(
    (id: string) => {
      const s = live.current.settings;
      if (!s || s.library === id) return;
      putSettings({ ...s, library: id });
    },
    [putSettings, live],
  );

  const disconnect = useCallback(() => {
    putSettings(undefined);
    setConnection("off");
    setMessage(undefined);
  }, [putSettings]);

  const changes = useTeamChanges(state, sync);

  const snippets = useMemo(
    () => overlay(cache?.snippets ?? [], [...queue, ...held.map((h) => h.op)], cache?.user ?? ""),
    [cache, queue, held],
  );
  return {
    loaded,
    ...(settings ? { settings } : {}),
    connection,
    ...(message ? { message } : {}),
    ...(cache?.user ? { user: cache.user } : {}),
    libraries,
    ...(cache ? { cache } : {}),
    snippets,
    queue,
    held,
    canUseOffice: host.accessToken !== undefined,
    connect,
    chooseLibrary,
    disconnect,
    ...changes,
    syncNow: () => {
      setAsked((n) => n + 1);
      void sync({ me: true });
    },
    asked,
    call,
  };
}
