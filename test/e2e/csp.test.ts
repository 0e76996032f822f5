import { describe, expect, it } from "vitest";
import { generateParts } from "~server/demo-catalogue.server";
import { blankPage, ready, serverAndBrowser, settled } from "./harness";

const suite = serverAndBrowser();
const part = generateParts(360)
  .flatMap((g) => g.parts)
  .find((p) => p.balance > 0 && p.images.length > 1)!;

const ROUTES = [
  "/",
  "/?modal=callback",
  "/catalog",
  "/catalog/trucks",
  "/catalog/trucks?type=tyagach",
  "/catalog/trucks/tyagach/faw-j7-6x4-460",
  "/catalog/parts",
  "/catalog/parts?search=фильтр&modal=parts-list",
  `/catalog/parts/${part.slug}`,
  "/cart",
  "/delivery",
  "/leasing?modal=leasing",
  "/contacts",
  "/privacy",
  "/service",
  "/form-success?fromUrl=/",
  "/not-found",
  "/lead/callback",
];

describe("content security policy in the browser", () => {
  it("is never violated on any page, with its scripts, styles, modals and carousels running", async () => {
    const { page, errors } = await blankPage(suite, { javaScriptEnabled: true });
    // Recorded before any page script runs; init scripts are not subject to the page's policy.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    for (const route of ROUTES) {
      await page.goto(route);
      await ready(page, true);
      // Let lazy chunks (carousels, the lead form) load: some wait until they come near the screen.
      await settled(page, true);
      for (const carousel of await page.locator(".carousel").all()) await carousel.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => !document.querySelector(".carousel:not(.is-ready)"));
      const violations = await page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      );
      expect(violations, route).toEqual([]);
    }
    expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
  });
});
