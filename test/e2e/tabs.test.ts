/**
 * The harness hands a finished test's browser tab to the file's next test (blankPage): the next
 * visitor must find nothing of the one before, and a tab changed for good must not be handed on.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { blankPage, MODES, openPage, serverAndBrowser } from "./harness";

const suite = serverAndBrowser();

describe.each(MODES)("a tab handed to the next test, $name", ({ javaScriptEnabled }) => {
  let first: Page | undefined;
  let spent: Page | undefined;

  it("is left by a visitor with a cart, storage, a route and a listener", async () => {
    const { page, context } = await openPage(suite, "/catalog/parts", { javaScriptEnabled });
    first = page;
    await context.addCookies([{ name: "cookie_consent", value: "1", url: suite.server.url }]);
    await page.route("**/catalog/trucks", (route) => route.fulfill({ body: "from the route" }));
    page.on("dialog", () => {
      throw new Error("a listener of the test before");
    });
    if (javaScriptEnabled)
      await page.evaluate(() => {
        localStorage.setItem("left", "1");
        sessionStorage.setItem("left", "1");
      });
    expect(await context.cookies()).toHaveLength(1);
  });

  it("is the same tab, a new visitor's: no cookie, storage, route or listener", async () => {
    const { page, context } = await openPage(suite, "/catalog/trucks", { javaScriptEnabled });
    expect(page).toBe(first);
    expect(await context.cookies()).toEqual([]);
    expect(await page.locator("h1").textContent()).not.toBe("");
    expect(await page.content()).not.toContain("from the route");
    if (javaScriptEnabled) {
      const left = await page.evaluate(() => [localStorage.getItem("left"), sessionStorage.getItem("left")]);
      expect(left).toEqual([null, null]);
      page.on("dialog", (dialog) => dialog.dismiss());
      await page.evaluate(() => alert("one listener"));
    }
  });

  it("is not handed on once a test changed it for good", async () => {
    const { page } = await blankPage(suite, { javaScriptEnabled });
    await page.setExtraHTTPHeaders({ "X-Test": "kept" });
    spent = page;
  });

  it("is a new tab after a spent one", async () => {
    const { page } = await blankPage(suite, { javaScriptEnabled });
    expect(page).not.toBe(spent);
    expect(spent!.isClosed()).toBe(true);
  });
});
