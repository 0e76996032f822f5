/**
 * A visitor acting before the page's scripts have run: the site's scripts (the build's files under
 * /build/) are held back until the test lets them go, so a click or a key lands on the server's
 * HTML as it does on a slow phone while the scripts load; the test then checks the page once React
 * has hydrated it. Only the scripts are held: the HTML, stylesheets and pictures arrive as usual.
 */
import type { Page, Route } from "playwright-core";
import { onTestFinished } from "vitest";
import { ready } from "./harness";

/** The build's scripts (not its stylesheets, which the page needs to look as it does). */
const SCRIPT = /\/build\/.*\.js(\?.*)?$/;

export interface HeldScripts {
  /** Lets every held script load (and those asked for later), then waits for the page to hydrate. */
  release: () => Promise<void>;
}

/**
 * Holds `page`'s scripts from now on (a route, which the harness takes back between tests; a
 * routed request is never served from the browser's cache). Go to a page with `arrive`, which
 * waits for its HTML only: the `load` event waits for the scripts.
 */
export async function holdScripts(page: Page): Promise<HeldScripts> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const pass = (route: Route) =>
    route.continue().catch(() => {
      // The page went elsewhere before the script was let go: nothing wants it now.
    });
  await page.route(SCRIPT, async (route) => {
    await gate;
    await pass(route);
  });
  // A test that fails before releasing lets them go, so nothing waits on the held requests.
  onTestFinished(() => open());
  return {
    release: async () => {
      open();
      await ready(page, true);
    },
  };
}

/** Goes to `path` and waits for its HTML to be parsed, not for its scripts (see holdScripts). */
export async function arrive(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: "commit" });
  await page.locator("footer").waitFor({ state: "attached" });
}

/** Whether React has hydrated the page yet (`html[data-hydrated]`, set by app/root.tsx). */
export function hydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));
}
