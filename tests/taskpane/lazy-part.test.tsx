/**
 * @jest-environment jsdom
 */
import "./setup";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "@jest/globals";
import { useState } from "react";
import { lazyModule } from "../../src/taskpane/lazy-part";

function Field({ label }: { label: string }) {
  const [text, setText] = useState("");
  return <input aria-label={label} value={text} onChange={(e) => setText(e.target.value)} />;
}

/** A module whose load the test finishes (or fails) when it chooses. */
function deferredModule() {
  let finish!: () => void;
  let fail!: (e: Error) => void;
  let loads = 0;
  const module = lazyModule(() => {
    loads++;
    return new Promise<{ Field: typeof Field }>((resolve, reject) => {
      finish = () => resolve({ Field });
      fail = reject;
    });
  });
  return { module, finish: () => finish(), fail: (e: Error) => fail(e), loads: () => loads };
}

describe("lazyModule: parts of the pane loaded after its first screen", () => {
  it("shows Loading… until the module arrives, then the part", async () => {
    const m = deferredModule();
    const LazyField = m.module.part((x) => x.Field);
    render(<LazyField label="Name" />);
    expect(screen.getByText("Loading…")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Name" })).toBeNull();
    await act(async () => m.finish());
    expect(await screen.findByRole("textbox", { name: "Name" })).toBeTruthy();
    expect(screen.queryByText("Loading…")).toBeNull();
  });

  it("renders a part at once when the module was loaded ahead, loading it once", async () => {
    const m = deferredModule();
    const LazyField = m.module.part((x) => x.Field);
    const loading = m.module.preload();
    m.finish();
    await loading;
    render(<LazyField label="Name" />);
    expect(screen.getByRole("textbox", { name: "Name" })).toBeTruthy();
    expect(m.loads()).toBe(1);
  });

  it("keeps what was typed when the part re-renders after arriving late", async () => {
    const m = deferredModule();
    const LazyField = m.module.part((x) => x.Field);
    const view = render(<LazyField label="Name" />);
    await act(async () => m.finish());
    const box = (await screen.findByRole("textbox", { name: "Name" })) as HTMLInputElement;
    fireEvent.change(box, { target: { value: "Ada" } });
    view.rerender(<LazyField label="Name" />);
    const again = screen.getByRole("textbox", { name: "Name" }) as HTMLInputElement;
    expect(again.value).toBe("Ada");
    expect(again).toBe(box);
  });

  it("tries again after a failed load", async () => {
    const m = deferredModule();
    const first = m.module.preload();
    m.fail(new Error("offline"));
    await expect(first).rejects.toThrow("offline");
    const second = m.module.preload();
    expect(m.loads()).toBe(2);
    m.finish();
    await expect(second).resolves.toHaveProperty("Field");
  });
});
