// The task pane: Library → Snippet → Document, in a FluentProvider that follows the Office theme.
// The shell (src/taskpane/index.tsx) mounts <App host={host} /> with a WordHost for Word or for
// standalone mode; this file never touches Office.js.

import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import {
  FluentProvider,
  MessageBar,
  MessageBarBody,
  Spinner,
  Tab,
  TabList,
  type SelectTabData,
} from "@fluentui/react-components";
import type { Snippet, Values } from "../engine/core";
import type { WordHost } from "./host";
import { LibraryView } from "./components/LibraryView/LibraryView";
import { StandaloneBanner } from "./components/StandaloneBanner/StandaloneBanner";
import { useDocument } from "./hooks/use-document";
import { useDocumentActions } from "./hooks/use-document-actions";
import { useFavourites } from "./hooks/use-favourites";
import { useTermCheck } from "./hooks/use-term-check";
import { useInventory } from "./hooks/use-inventory";
import { defaultStarterLibrary, useLibrary } from "./hooks/use-library";
import { useStore } from "./hooks/use-store";
import { useLibraryStore } from "./hooks/use-library-store";
import { useTeam } from "./hooks/use-team";
import { useTeamInput, useTeamMarks } from "./hooks/use-team-library";
import type { OutlineSection } from "./model/document";
import { successorOf } from "./model/inventory";
import { useOfficeTheme, type PaneTheme } from "./theme/use-office-theme";
import { useAppStyles } from "./App.styles";
import { ProblemPlaces } from "./components/ProblemList/ProblemList";
import { lazyModule } from "./lazy-part";

// Manage (authoring, import/export, history) and the team views are a tab away from what most opens of
// the pane are for (find, fill, insert): they load with import() when Manage is first opened, in one chunk
// ("manage"), which the browser prefetches once the pane is idle. Measured (bench:pane): the pane's
// start-up JavaScript was 349.8 KB gzip against its 350 KB budget with them in it.
const LibraryManager = lazy(() =>
  import(
    /* webpackChunkName: "manage", webpackPrefetch: true */ "./components/LibraryManager/LibraryManager"
  ).then((m) => ({ default: m.LibraryManager })),
);
const TeamView = lazy(() =>
  import(/* webpackChunkName: "manage", webpackPrefetch: true */ "./components/TeamView/TeamView").then(
    (m) => ({
      default: m.TeamView,
    }),
  ),
);

// The Snippet and Document views are not on the first screen (the Library): one "views" chunk, loaded ahead
// once the pane has mounted, keeps their form, outline and inventory controls out of the start-up JavaScript.
const views = lazyModule(() => import(/* webpackChunkName: "views" */ "./components/views"));
const SnippetView = views.part((m) => m.SnippetView);
const DocumentView = views.part((m) => m.DocumentView);
const DocumentInventory = views.part((m) => m.DocumentInventory);

export type AppProps = {
  host: WordHost;
  /** The Office theme, when the shell knows it; otherwise the browser's colour scheme decides. */
  theme?: PaneTheme;
  /** Where the starter library comes from (default: assets/starter-library.json). */
  loadStarterLibrary?: () => Promise<unknown>;
  /** "Today" for staleness and {{today}} (tests pin it). */
  today?: Date;
  /** How often the team library is synced (default 3 s). */
  teamPollMs?: number;
};

type View = "library" | "snippet" | "document" | "manage";

export function App({
  host,
  theme,
  loadStarterLibrary = defaultStarterLibrary,
  today,
  teamPollMs,
}: AppProps) {
  const fluent = useOfficeTheme(theme);
  const styles = useAppStyles();
  return (
    <FluentProvider theme={fluent.theme} className={styles.provider} data-theme={fluent.name}>
      <Pane host={host} loadStarterLibrary={loadStarterLibrary} today={today} teamPollMs={teamPollMs} />
    </FluentProvider>
  );
}

function Pane({
  host,
  loadStarterLibrary,
  today: pinned,
  teamPollMs,
}: Omit<AppProps, "theme"> & { loadStarterLibrary: () => Promise<unknown> }) {
  const styles = useAppStyles();
  const [today] = useState(() => pinned ?? new Date());
  useEffect(() => {
    views.preload().catch(() => undefined); // a failed load is retried, and reported, when a view opens
  }, []);
  const store = useStore(host.storageKey());
  const libraryStore = useLibraryStore(host.storageKey());
  const team = useTeam(store, host, teamPollMs);
  const library = useLibrary(store, loadStarterLibrary, libraryStore, useTeamInput(team));
  const { doc, dispatch, loaded } = useDocument(store);
  const { teamMark, reportUsage } = useTeamMarks(team, library, doc);
  const favourites = useFavourites(store);
  const capabilities = host.capabilities();
  const [view, setView] = useState<View>("library");
  const actions = useDocumentActions({
    host,
    engine: library.engine,
    catalogue: library.catalogue,
    doc,
    lookup: library.lookup,
    onDone: reportUsage,
  });
  const termCheck = useTermCheck(library.engine, library.catalogue, doc);
  const inventory = useInventory(
    {
      host,
      engine: library.engine,
      catalogue: library.catalogue,
      lookup: library.lookup,
      variablesOf: library.variablesOf,
      doc,
      today,
      ...(team.user ? { user: team.user } : {}),
    },
    { autoLoad: view === "document" },
  );
  // After an insert the document has changed: re-read it if the inventory was read before.
  const { refresh: refreshInventory } = inventory;
  const inventoryRead = inventory.rows !== undefined;
  useEffect(() => {
    if (actions.state.phase === "done" && inventoryRead) void refreshInventory();
  }, [actions.state.phase, inventoryRead, refreshInventory]);
  const [open, setOpen] = useState<{ snippet: Snippet; editing?: OutlineSection; prefill?: Values }>();
  // What was typed into each opened form, so switching tabs and coming back does not lose it.
  const formDrafts = useRef(new Map<string, Values>());
  const formKey = open
    ? `${open.snippet.id}@${open.snippet.version}:${open.editing?.key ?? "new"}:${open.prefill ? JSON.stringify(open.prefill) : ""}`
    : "";
  const { variablesOf } = library;
  const vars = useMemo(() => (open ? variablesOf(open.snippet) : undefined), [open, variablesOf]);
  // Every version, for a deprecated snippet's successor (the Library view shows one version per id).
  const successor = useMemo(() => {
    if (!open || open.snippet.status !== "deprecated" || !library.catalogue) return undefined;
    return successorOf(open.snippet, library.catalogue.snippets);
  }, [open, library.catalogue]);

  // Set when a snippet is opened, so its heading takes focus once (not on every return to the tab).
  const [focusOpened, setFocusOpened] = useState(false);
  const openSnippet = (snippet: Snippet, editing?: OutlineSection, prefill?: Values) => {
    setOpen({ snippet, ...(editing ? { editing } : {}), ...(prefill ? { prefill } : {}) });
    setFocusOpened(true);
    setView("snippet");
  };
  const add = (snippet: Snippet, values: Values) => {
    dispatch({
      type: "add",
      section: { snippet: snippet.id, version: snippet.version, title: snippet.title, values },
    });
    favourites.markUsed(snippet.id);
  };

  const ready = library.status === "ready" && loaded && favourites.loaded;
  const places = useMemo(() => ({ names: library.libraryNames }), [library.libraryNames]);
  return (
    <ProblemPlaces.Provider value={places}>
      <main className={styles.pane} aria-labelledby="pane-title">
        <h1 id="pane-title" className={styles.visuallyHidden}>
          Sectionsmith
        </h1>
        {capabilities.mode === "standalone" && <StandaloneBanner />}
        <TabList
          selectedValue={view}
          onTabSelect={(_, d: SelectTabData) => {
            setFocusOpened(false);
            setView(d.value as View);
          }}
          size="small"
          className={styles.tabs}
        >
          <Tab id="tab-library" value="library" className={styles.tab}>
            Library
          </Tab>
          <Tab id="tab-snippet" value="snippet" className={styles.tab}>
            Snippet
          </Tab>
          <Tab id="tab-document" value="document" className={styles.tab}>
            Document{doc.sections.length > 0 ? ` (${doc.sections.length})` : ""}
          </Tab>
          <Tab id="tab-manage" value="manage" className={styles.tab}>
            Manage
          </Tab>
        </TabList>
        <div role="tabpanel" aria-labelledby={`tab-${view}`} className={styles.panel}>
          {library.status === "error" && (
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>
                The library could not be loaded: {library.error}. Reload the pane to try again.
              </MessageBarBody>
            </MessageBar>
          )}
          {library.status === "ready" && library.error && (
            <MessageBar intent="warning">
              <MessageBarBody>{library.error}</MessageBarBody>
            </MessageBar>
          )}
          {/* Above the views: a storage warning must be seen, not found below a long list. */}
          {libraryStore.notice && (
            <MessageBar intent="warning" layout="multiline">
              <MessageBarBody>{libraryStore.notice}</MessageBarBody>
            </MessageBar>
          )}
          {!ready && library.status !== "error" && <Spinner label="Loading the library…" />}
          {ready && view === "library" && (
            <LibraryView
              index={library.index}
              sources={library.sources}
              counts={library.counts}
              today={today}
              favourites={favourites}
              onOpen={(s) => openSnippet(s)}
              onImport={library.importFile}
              onApplyImport={library.applyReport}
              teamMark={teamMark}
            />
          )}
          {ready && view === "snippet" && !open && <p>Choose a snippet in the Library to fill it in.</p>}
          {ready && view === "snippet" && open && vars && (
            <SnippetView
              key={formKey}
              snippet={open.snippet}
              variables={vars.variables}
              variableProblems={vars.problems}
              lookup={library.lookup}
              focusHeading={focusOpened}
              engine={library.engine}
              catalogue={library.catalogue}
              libraries={library.rawLibraries}
              libraryNames={library.libraryNames}
              settings={doc.settings}
              outline={doc.sections}
              today={today}
              editing={open.editing}
              {...(open.prefill ? { prefill: open.prefill } : {})}
              {...(formDrafts.current.has(formKey) ? { typed: formDrafts.current.get(formKey) } : {})}
              onValuesChange={(values) => formDrafts.current.set(formKey, values)}
              {...(successor ? { successor } : {})}
              onOpenSuccessor={(next, values) => openSnippet(next, undefined, values)}
              onAdd={(values) => add(open.snippet, values)}
              onUpdate={(values) =>
                open.editing && dispatch({ type: "update", key: open.editing.key, patch: { values } })
              }
              onShowDocument={() => setView("document")}
            />
          )}
          {ready && view === "manage" && (
            <Suspense fallback={<Spinner label="Opening Manage…" />}>
              <LibraryManager
                host={host}
                standalone={capabilities.mode === "standalone"}
                store={store}
                library={library}
                libraryStore={libraryStore}
                settings={doc.settings}
                today={today}
                {...(team.user ? { user: team.user } : {})}
              />
              {/* After the user's own library (Manage's first heading stays "My library"). */}
              <TeamView
                team={team}
                {...(library.engine ? { engine: library.engine } : {})}
                settings={doc.settings}
                today={today}
                onOpenSnippet={(id) => {
                  const found = library.lookup(id);
                  if (found) openSnippet(found.snippet);
                  return found !== undefined;
                }}
              />
            </Suspense>
          )}
          {ready && view === "document" && (
            <DocumentView
              doc={doc}
              dispatch={dispatch}
              resolve={(s) => library.lookup(s.snippet, s.version)?.snippet}
              today={today}
              capabilities={capabilities}
              actionState={actions.state}
              onEdit={(section) => {
                const ref = library.lookup(section.snippet, section.version);
                if (ref) openSnippet(ref.snippet, section);
              }}
              inventory={
                <DocumentInventory
                  inventory={inventory}
                  onOpen={(snippet, values) => openSnippet(snippet, undefined, values)}
                />
              }
              onInsert={(location, options) => void actions.insert(location, options)}
              onDownload={() => void actions.download()}
              onDismiss={actions.dismiss}
              termCheck={termCheck}
            />
          )}
        </div>
      </main>
    </ProblemPlaces.Provider>
  );
}
