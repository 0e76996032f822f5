import { createElement, Suspense } from "react";
import { describe, expect, it } from "vitest";
import { renderPage } from "./entry.server";

/** A part of the page whose data never comes. */
function Never(): never {
  throw new Promise(() => {});
}

const page = () =>
  createElement("main", null, createElement(Suspense, { fallback: "…" }, createElement(Never)), "Каталог");

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
    expect(Buffer.from(html).toString("utf8")).toBe("<p>Запчасти</p>");
  });
});
