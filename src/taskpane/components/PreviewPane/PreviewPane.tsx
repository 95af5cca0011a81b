// Shows the real Word output of the snippet being filled in: the engine's .docx, drawn by
// docx-preview inside a sandboxed iframe (see preview/render-docx), scaled down to the pane's width like a
// print preview. The viewport around the frame scrolls; the frame is as tall as the pages.

import { useEffect, useRef, useState } from "react";
import {
  Button,
  Caption1,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Switch,
} from "@fluentui/react-components";
import type { PreviewState } from "../../hooks/use-preview";
import { refitPreview, renderDocxPreview } from "../../preview/render-docx";
import type { PlainContext } from "../../model/plain-problem";
import { PlainProblemList } from "../ProblemList/ProblemList";
import { usePreviewPaneStyles } from "./PreviewPane.styles";

/** The iframe's accessible name (the viewport around it is the "Preview pages" group). */
export const PREVIEW_FRAME_TITLE = "Preview of the document";

/**
 * `context` names the previewed snippet and its fields, so problems read "Versions, row 1, Version: type
 * it like 1.0", never as the engine's path and pattern (model/plain-problem).
 */
export function PreviewPane({ state, context }: { state: PreviewState; context: PlainContext }) {
  const styles = usePreviewPaneStyles();
  const [showWarnings, setShowWarnings] = useState(false);
  const pages = useRef<HTMLDivElement>(null);
  const [renderError, setRenderError] = useState<string>();
  const [wholePage, setWholePage] = useState(false);

  useEffect(() => {
    if (state.status !== "ready" || !pages.current) return;
    let live = true;
    renderDocxPreview(state.blob, pages.current, PREVIEW_FRAME_TITLE, { wholePage })
      .then(() => live && setRenderError(undefined))
      .catch((e: unknown) => live && setRenderError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [state, wholePage]);

  // Keep the pages fitted when the pane is resized (users drag the task pane wider or narrower).
  useEffect(() => {
    const target = pages.current;
    const viewport = target?.parentElement;
    if (!target || !viewport || typeof ResizeObserver === "undefined") return;
    let width = viewport.clientWidth;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      if (viewport.clientWidth === width) return; // heights change with every render; only width matters
      width = viewport.clientWidth;
      // In the next frame, not in the callback: refitting resizes the frame and so the observed viewport,
      // which inside the callback is a notification Chromium cannot deliver in the same frame ("ResizeObserver
      // loop completed with undelivered notifications", an error in the dev server's overlay).
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => refitPreview(target));
    });
    observer.observe(viewport);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);

  return (
    <section aria-label="Preview" className={styles.root}>
      <div className={styles.status}>
        {state.status === "building" && <Spinner size="extra-tiny" label="Updating preview…" />}
        {state.status === "ready" && state.warnings.length > 0 && (
          <Button
            appearance="transparent"
            size="small"
            aria-expanded={showWarnings}
            aria-controls="preview-warnings"
            onClick={() => setShowWarnings(!showWarnings)}
          >
            {state.warnings.length === 1 ? "1 warning" : `${state.warnings.length} warnings`}
          </Button>
        )}
        <Switch
          className={styles.wholePage}
          label="Whole page"
          checked={wholePage}
          onChange={(_, d) => setWholePage(d.checked)}
        />
      </div>
      {state.status === "ready" && state.warnings.length > 0 && showWarnings && (
        <MessageBar intent="warning" layout="multiline" id="preview-warnings">
          <MessageBarBody>
            <PlainProblemList problems={state.warnings} context={context} />
          </MessageBarBody>
        </MessageBar>
      )}
      {state.status === "error" && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>The preview cannot be built yet.</MessageBarTitle>
            {state.problems.length > 0 ? (
              <PlainProblemList problems={state.problems} context={context} />
            ) : (
              state.message
            )}
          </MessageBarBody>
        </MessageBar>
      )}
      {renderError && (
        <Caption1>The preview could not be drawn ({renderError}); the document itself is fine.</Caption1>
      )}
      {/* Focusable so keyboard users can scroll a long preview. The frame goes in `pages`. */}
      <div className={styles.viewport} tabIndex={0} role="group" aria-label="Preview pages">
        <div ref={pages} />
      </div>
    </section>
  );
}
