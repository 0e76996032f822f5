import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SALES_POINTS } from "~/content";
import { MODES, openPage, serverAndBrowser, settled } from "./harness";

const keyless = serverAndBrowser();
const withKey = serverAndBrowser(() => ({ YANDEX_MAPS_API_KEY: "e2e-maps-key" }));

/** Yandex is out of reach from the test machine: its map widget answers with a blank page here. */
async function fakeWidget(page: Page) {
  await page.route("https://yandex.ru/map-widget/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>map</title>" }),
  );
}

describe.each(MODES)("maps without a Maps API key $name", ({ javaScriptEnabled }) => {
  it("shows Yandex's keyless map centred on each sales point at zoom 18, lazy, titled, with the address and the link beside it", async () => {
    const { page, errors } = await openPage(keyless, "/contacts", { javaScriptEnabled, init: fakeWidget });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await settled(page, javaScriptEnabled);
    const frames = page.getByTestId("map-widget");
    await expect.poll(() => frames.count()).toBe(2);
    for (const point of SALES_POINTS) {
      const box = page.getByTestId("map").filter({ hasText: point.address });
      const frame = box.getByTestId("map-widget");
      const src = new URL((await frame.getAttribute("src"))!);
      const [lat, lon] = point.coordinates;
      expect(src.origin + src.pathname).toBe("https://yandex.ru/map-widget/v1/");
      expect(src.searchParams.get("ll")).toBe(`${lon},${lat}`);
      expect(src.searchParams.get("z")).toBe("18");
      expect(src.searchParams.get("pt")).toMatch(new RegExp(`^${lon},${lat},`));
      await expect(frame.getAttribute("loading")).resolves.toBe("lazy");
      await expect(frame.getAttribute("title")).resolves.toContain(point.address);
      await expect(box.getByText(point.address, { exact: true }).isVisible()).resolves.toBe(true);
      const link = box.getByRole("link", { name: "Открыть в Яндекс Картах" });
      await expect(link.getAttribute("href")).resolves.toBe(`https://yandex.ru/maps/?pt=${lon},${lat}&z=18&l=map`);
    }
    expect(await page.locator("script[src*='api-maps.yandex']").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("lets only the map widget into a frame, and names no Maps API host", async () => {
    const res = await fetch(keyless.server.url + "/contacts");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toMatch(/frame-src https:\/\/yandex\.ru;/);
    expect(csp).not.toContain("api-maps");
  });
});

describe.each(MODES)("maps with a Maps API key $name", ({ javaScriptEnabled }) => {
  it("loads the JS API 2.1 in Russian with the key once a map comes near the screen, and keeps the address and the link", async () => {
    const scripts: string[] = [];
    const { page } = await openPage(withKey, "/contacts", {
      javaScriptEnabled,
      init: (p) =>
        p.route("https://api-maps.yandex.ru/**", (route) => {
          scripts.push(route.request().url());
          return route.fulfill({
            contentType: "text/javascript",
            body: "/* the Maps API is not reachable from tests */",
          });
        }),
    });
    await settled(page, javaScriptEnabled);
    await expect(page.getByTestId("map-widget").count()).resolves.toBe(0);
    await expect(page.getByRole("link", { name: "Открыть в Яндекс Картах" }).count()).resolves.toBe(2);
    if (!javaScriptEnabled) {
      expect(scripts).toEqual([]);
      return;
    }
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    const url = new URL(scripts[0]);
    expect(url.pathname).toMatch(/^\/2\.1\b/);
    expect(url.searchParams.get("lang")).toBe("ru_RU");
    expect(url.searchParams.get("apikey")).toBe("e2e-maps-key");
  });

  it("allows the Maps API's hosts and no frames", async () => {
    const csp = (await fetch(withKey.server.url + "/contacts")).headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(csp).toContain("https://api-maps.yandex.ru");
    expect(csp).toMatch(/frame-src 'none'/);
  });
});
