// What the pane shows when rendering fails unexpectedly: what happened, that nothing is lost, and what to
// do, instead of a blank pane. Plain markup and inline styles on purpose (not a Fluent component with
// makeStyles): the failure may be in the theme or in Fluent itself.
import { Component, type ReactNode } from "react";

export const CRASH_TEXT =
  "Sectionsmith stopped because of an unexpected problem. Your outline and library are kept in this " +
  "browser: close the pane and open it again (or reload it) to carry on.";

export function CrashMessage({ detail }: { detail: string }) {
  return (
    <div
      role="alert"
      style={{ padding: "12px", fontFamily: "Segoe UI, system-ui, sans-serif", lineHeight: 1.4 }}
    >
      <p style={{ margin: "0 0 8px", fontWeight: 600 }}>{CRASH_TEXT}</p>
      <p style={{ margin: 0 }}>Details: {detail}</p>
    </div>
  );
}

export class PaneErrorBoundary extends Component<{ children: ReactNode }, { error?: string }> {
  override state: { error?: string } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  override render() {
    return this.state.error === undefined ? this.props.children : <CrashMessage detail={this.state.error} />;
  }
}
