// Parts of the pane that its first screen (the Library) does not show load with import(), off the
// start-up JavaScript the pane's budget counts (docs/decisions.md, "Start-up JavaScript"). A part is
// loaded ahead (`preload`) once the pane has mounted, so a tab opened later shows it at once; one opened
// before it has arrived shows a spinner until it does.
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";
import { Spinner } from "@fluentui/react-components";

export type LazyModule<M> = {
  /** Starts loading the module (once; again after a failed load) and resolves with it. */
  preload: () => Promise<M>;
  /** A component that renders `pick(module)`, with `fallback` while the module loads. */
  part: <P extends object>(pick: (m: M) => ComponentType<P>, fallback?: ReactNode) => ComponentType<P>;
};

export function lazyModule<M>(load: () => Promise<M>): LazyModule<M> {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => (loaded = m),
      (e: unknown) => {
        pending = undefined; // a later attempt may succeed (a dropped connection)
        throw e;
      },
    ));
  const part = <P extends object>(
    pick: (m: M) => ComponentType<P>,
    fallback: ReactNode = <Spinner label="Loading…" />,
  ) => {
    const Lazy = lazy(() => preload().then((m) => ({ default: pick(m) })));
    function LazyPart(props: P) {
      // Decided once per mount: switching from the lazy wrapper to the component itself would remount it
      // and lose what the user typed.
      const [direct] = useState(() => loaded !== undefined);
      if (direct && loaded !== undefined) {
        const Loaded = pick(loaded);
        return <Loaded {...props} />;
      }
      return (
        <Suspense fallback={fallback}>
          <Lazy {...props} />
        </Suspense>
      );
    }
    return LazyPart;
  };
  return { preload, part };
}
