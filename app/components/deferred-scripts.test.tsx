import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOADER, PAINT_FALLBACK_MS, PRELOADS_PER_TASK } from "./deferred-scripts";

/** What Remix's <Scripts> puts in the <noscript>: five chunk preloads, the context and the entry. */
const SCRIPT_TAGS =
  ["entry", "react", "router", "root", "route"].map((c) => `<link rel="modulepreload" href="/build/${c}.js">`).join("") +
  `<script>window.__remixContext = {}</script><script type="module">import "/build/entry.js";</script>`;

/** A PerformanceObserver the test drives: `paint()` reports the first contentful paint. */
class FakePaintObserver {
  static supportedEntryTypes = ["paint"];
  static instances: FakePaintObserver[] = [];
  disconnected = false;
  constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }, obs: FakePaintObserver) => void) {
    FakePaintObserver.instances.push(this);
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  paint(name = "first-contentful-paint") {
    this.callback({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }, this);
  }
}

function setUpPage() {
  document.body.innerHTML = "";
  const box = document.createElement("noscript");
  box.id = "hydration-scripts";
  // With scripting on, browsers read a <noscript>'s content as text, which is what LOADER parses.
  box.textContent = SCRIPT_TAGS;
  document.body.append(box);
  return box;
}

const inserted = (box: HTMLElement) =>
  [...box.children].map((el) => (el.tagName === "LINK" ? `link ${el.getAttribute("href")}` : `script${el.getAttribute("type") === "module" ? " module" : ""}`));

const runLoader = () => new Function(LOADER)();

describe("LOADER (scripts after the first paint)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "requestAnimationFrame"] });
    FakePaintObserver.instances = [];
    history.replaceState(null, "");
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("waits for the first contentful paint, then puts the preloads in a few per task, all before the scripts", () => {
    vi.stubGlobal("PerformanceObserver", FakePaintObserver);
    const box = setUpPage();
    runLoader();
    vi.advanceTimersByTime(100);
    expect(inserted(box)).toEqual([]);

    // A paint with nothing contentful in it does not count.
    FakePaintObserver.instances[0].paint("first-paint");
    vi.advanceTimersByTime(100);
    expect(inserted(box)).toEqual([]);
    expect(vi.getTimerCount()).toBe(1); // the fallback

    FakePaintObserver.instances[0].paint();
    expect(FakePaintObserver.instances[0].disconnected).toBe(true);
    // Four tasks: parsing the tags, then history, session storage and local storage.
    for (let i = 0; i < 4; i++) vi.advanceTimersToNextTimer();
    expect(history.state).toEqual({ idx: 0 });
    expect(inserted(box)).toEqual([]);

    const batches: string[][] = [];
    while (inserted(box).every((s) => s.startsWith("link")) && batches.length < 10) {
      const before = inserted(box).length;
      vi.advanceTimersToNextTimer();
      batches.push(inserted(box).slice(before));
    }
    expect(batches.slice(0, -1)).toEqual([
      ["link /build/entry.js", "link /build/react.js"],
      ["link /build/router.js", "link /build/root.js"],
      ["link /build/route.js"],
    ]);
    expect(batches.slice(0, -1).every((b) => b.length <= PRELOADS_PER_TASK)).toBe(true);
    expect(batches.at(-1)).toEqual(["script", "script module"]);
    expect(vi.getTimerCount()).toBe(1); // only the fallback, which now does nothing
    vi.runAllTimers();
    expect(inserted(box)).toHaveLength(7);
  });

  it("loads the scripts anyway after PAINT_FALLBACK_MS when the page never paints", () => {
    vi.stubGlobal("PerformanceObserver", FakePaintObserver);
    const box = setUpPage();
    runLoader();
    vi.advanceTimersByTime(PAINT_FALLBACK_MS - 1);
    expect(inserted(box)).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.runAllTimers();
    expect(inserted(box)).toHaveLength(7);
    expect(inserted(box).slice(-2)).toEqual(["script", "script module"]);
  });

  it("goes one frame after the first where the browser has no paint timing", () => {
    vi.stubGlobal("PerformanceObserver", undefined);
    const box = setUpPage();
    runLoader();
    expect(vi.getTimerCount()).toBe(2); // the frame and the fallback
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(100);
    expect(inserted(box)).toHaveLength(7);
  });

  it("leaves a history entry the router has already numbered alone", () => {
    vi.stubGlobal("PerformanceObserver", FakePaintObserver);
    history.replaceState({ usr: null, key: "k1", idx: 3 }, "");
    setUpPage();
    runLoader();
    FakePaintObserver.instances[0].paint();
    vi.runAllTimers();
    expect(history.state).toEqual({ usr: null, key: "k1", idx: 3 });
  });
});
