import { afterEach, describe, expect, it, vi } from "vitest";
import { ecommerceEvent } from "~/lib/analytics";
import { pushDataLayer } from "./data-layer";

afterEach(() => vi.unstubAllGlobals());

describe("pushDataLayer", () => {
  const event = ecommerceEvent("add", [{ id: "17", name: "Фильтр масляный", price: 1250, quantity: 1 }]);

  it("creates window.dataLayer before Metrica has loaded, then appends to it", () => {
    const fakeWindow: { dataLayer?: unknown[] } = {};
    vi.stubGlobal("window", fakeWindow);
    pushDataLayer(event);
    pushDataLayer(event);
    expect(fakeWindow.dataLayer).toEqual([event, event]);
  });

  it("does nothing on the server", () => {
    expect(typeof window).toBe("undefined");
    expect(() => pushDataLayer(event)).not.toThrow();
  });
});
