import { afterEach, describe, expect, it, vi } from "vitest";
import { onceNear } from "./once-near";

/** A stand-in IntersectionObserver that the test drives by hand. */
class FakeObserver {
  static last: FakeObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: (entries: Pick<IntersectionObserverEntry, "isIntersecting">[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  fire(isIntersecting: boolean) {
    this.callback([{ isIntersecting }]);
  }
}

describe("onceNear", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeObserver.last = undefined;
  });

  it("calls back once the element comes within the margin, then stops watching", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const element = document.createElement("div");
    const callback = vi.fn();
    onceNear(element, "300px", callback);
    const observer = FakeObserver.last!;
    expect(observer.observed).toEqual([element]);
    expect(observer.options.rootMargin).toBe("300px");
    observer.fire(false);
    expect(callback).not.toHaveBeenCalled();
    observer.fire(true);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(observer.disconnected).toBe(true);
  });

  it("never calls back once stopped", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const callback = vi.fn();
    const stop = onceNear(document.createElement("div"), "0px", callback);
    stop();
    expect(FakeObserver.last!.disconnected).toBe(true);
  });

  it("calls back at once where IntersectionObserver is missing", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    const callback = vi.fn();
    onceNear(document.createElement("div"), "200px", callback);
    expect(callback).toHaveBeenCalledTimes(1);
  });
});
