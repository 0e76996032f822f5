import { createElement, lazy } from "react";
import { describe, expect, it } from "vitest";
import { LazyBoundary } from "~/components/lazy-boundary";
import { renderPage } from "./entry.server";

/** A part of the page whose data never comes. */
function Never(): never {
  throw new Promise(() => {});
}

const page = () => createElement("main", null, createElement(LazyBoundary, null, createElement(Never)), "Каталог");

describe("renderPage", () => {
  it("stops rendering when the request is aborted (the visitor went away)", async () => {
    const controller = new AbortController();
    const errors: unknown[] = [];
    const rendered = renderPage(page(), "", controller.signal, (error) => errors.push(error));
    controller.abort(new Error("client gone"));
    await expect(rendered).rejects.toThrow("client gone");
  });

  it("does not start on a request already aborted", async () => {
    const rendered = renderPage(page(), "", AbortSignal.abort(new Error("gone before")), () => {});
    await expect(rendered).rejects.toThrow("gone before");
  });

  it("renders the whole page when nothing suspends", async () => {
    const html = await renderPage(createElement("p", null, "Запчасти"), "", new AbortController().signal, () => {});
    expect(html).toBe("<p>Запчасти</p>");
  });

  it("waits for a lazily loaded form the process has not loaded yet: the page streams without its fallback", async () => {
    let loads = 0;
    const Form = lazy(async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { default: () => createElement("form", null, "Заказать звонок") };
    });
    const withForm = () =>
      createElement("html", null, createElement("body", null, createElement(LazyBoundary, null, createElement(Form))));
    for (let visit = 0; visit < 2; visit++) {
      const html = await renderPage(withForm(), "", new AbortController().signal, () => {});
      expect(html).toMatch(/^<!DOCTYPE html><html><body>/);
      expect(html).toContain("<form>Заказать звонок</form>");
      expect(html).not.toContain("Загружаем форму");
    }
    expect(loads).toBe(1);
  });

  it("waits for something lazy outside any boundary too", async () => {
    const Late = lazy(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { default: () => createElement("p", null, "Прайс-лист") };
    });
    const html = await renderPage(
      createElement("main", null, createElement(Late)),
      "",
      new AbortController().signal,
      () => {},
    );
    expect(html).toBe("<main><p>Прайс-лист</p></main>");
  });

  it("reports an error inside a boundary, as the streaming render does", async () => {
    const Broken = () => {
      throw new Error("broken form");
    };
    const errors: unknown[] = [];
    const html = await renderPage(
      createElement("main", null, createElement(LazyBoundary, null, createElement(Broken))),
      "",
      new AbortController().signal,
      (error) => {
        errors.push(error);
      },
    );
    expect(errors.map(String)).toEqual(["Error: broken form"]);
    expect(html).toContain("Загружаем форму");
  });
});
