/**
 * @jest-environment jsdom
 */
import "../setup";
import { render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "@jest/globals";
import { CRASH_TEXT, PaneErrorBoundary } from "../../../src/taskpane/crash-boundary";

afterEach(() => {
  jest.restoreAllMocks();
});

function Fragile() {
  const [broken] = useState(true);
  if (broken) throw new Error("Cannot read properties of undefined (reading 'sections')");
  return <p>fine</p>;
}

describe("PaneErrorBoundary", () => {
  it("replaces a pane that failed to render with what happened and what to do", () => {
    jest.spyOn(console, "error").mockImplementation(() => {}); // React logs the caught error
    render(
      <PaneErrorBoundary>
        <Fragile />
      </PaneErrorBoundary>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain(CRASH_TEXT);
    expect(alert.textContent).toContain("Details: Cannot read properties of undefined (reading 'sections')");
  });

  it("shows the pane itself when nothing fails", () => {
    render(
      <PaneErrorBoundary>
        <p>the pane</p>
      </PaneErrorBoundary>,
    );
    expect(screen.getByText("the pane")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
