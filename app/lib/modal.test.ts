import { describe, expect, it } from "vitest";
import { closeModalHref, isModalName, modalHref, modalTitle, onlyModalChanged } from "./modal";

describe("modal URL state", () => {
  it("opens a modal keeping the page's query", () => {
    expect(modalHref("/catalog/parts", "?page=2", "callback")).toBe("/catalog/parts?page=2&modal=callback");
    expect(modalHref("/", "", "price", { source: "/catalog/trucks/tyagach/j7" })).toBe(
      "/?modal=price&source=%2Fcatalog%2Ftrucks%2Ftyagach%2Fj7",
    );
  });

  it("closes to the same page without the modal", () => {
    expect(closeModalHref("/catalog/parts", "?page=2&modal=parts-list")).toBe("/catalog/parts?page=2");
    expect(closeModalHref("/", "?modal=callback")).toBe("/");
  });

  it("knows the four modals", () => {
    expect(["callback", "leasing", "price", "parts-list"].every(isModalName)).toBe(true);
    expect(isModalName("admin")).toBe(false);
    expect(isModalName("toString")).toBe(false);
  });

  it("detects a change of the modal parameter alone", () => {
    const a = new URL("http://x/catalog/parts?page=2");
    expect(onlyModalChanged(a, new URL("http://x/catalog/parts?page=2&modal=parts-list"))).toBe(true);
    expect(onlyModalChanged(a, new URL("http://x/catalog/parts?page=3&modal=parts-list"))).toBe(false);
    expect(onlyModalChanged(a, new URL("http://x/cart?page=2"))).toBe(false);
  });
});

describe("modal titles", () => {
  it("says 'Узнать срок поставки' and names the part when the callback is asked for a part's delivery time", () => {
    expect(modalTitle("callback", undefined, "Фильтр масляный")).toBe("Узнать срок поставки: Фильтр масляный");
    expect(modalTitle("callback")).toBe("Заказать обратный звонок");
    expect(modalTitle("price", "FAW J7")).toBe("Узнать цену на FAW J7");
  });

  it("forgets the part when the modal closes", () => {
    expect(closeModalHref("/catalog/parts", "?modal=callback&part=x&comment=y&page=2")).toBe("/catalog/parts?page=2");
  });
});
