/**
 * End-to-end harness: the built server in a child process on a free loopback port with its
 * own DATA_DIR, and Debian's Chromium driven by playwright-core.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from "playwright-core";
import { afterAll, beforeAll, beforeEach, onTestFinished } from "vitest";
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from "../chromium";
import { newFakeNotify, startFakeNotify, type FakeNotify } from "../fake-notify";
import { builtServerEnv, freePort, waitForHealthz } from "../server-process";

export { freePort };

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  logs: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  child: ChildProcess;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "dealer-data-"));
  let output = "";
  const child = spawn(process.execPath, ["build/index.js"], {
    env: builtServerEnv(port, dataDir, env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  // "close", not "exit": the process has exited and everything it wrote has been read.
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;

  await waitForHealthz(url, child, () => output);

  return {
    url,
    port,
    dataDir,
    child,
    logs: () => output,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * The tests' Chromium, with two of its processes left out (only here: the Lighthouse and visit
 * benchmarks measure the browser as it runs for a visitor):
 * - it draws in its browser process (`--in-process-gpu`): without a GPU the compositing is
 *   software either way, and a separate GPU process only adds a process and its messages (4–6 %
 *   less CPU for the same files);
 * - it keeps a tab's pages in one renderer process (`--disable-site-isolation-trials`): with site
 *   isolation, a tab without JavaScript got a new renderer process for every page it went to,
 *   each link and each form posted (2.5 % less CPU for the whole e2e project, 7–9 % for the
 *   form files). Which process draws a page is Chromium's own security design, not the site's:
 *   no test looks at it, and the pages, their scripts, storage and frames behave the same.
 * Figures in docs/performance.md.
 */
async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: HEADLESS_SHELL_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, "--in-process-gpu", "--disable-site-isolation-trials"],
  });
}

/** The built server and Chromium a test file shares; valid inside its tests. */
export interface Suite {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * Starts the built server (with `env`, read when the file's tests start) and Chromium before a
 * file's tests and stops both after them. Hooks a file registers earlier run first, so a fake
 * upstream started there can be passed in `env`.
 */
export function serverAndBrowser(env: () => Record<string, string> = () => ({})): Suite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(env());
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error("the server starts in beforeAll");
      return server;
    },
    get browser() {
      if (!browser) throw new Error("the browser starts in beforeAll");
      return browser;
    },
  };
}

/**
 * The fake notify service of a test file: started before the file's tests, closed after them, and
 * emptied and answering "ok" again before each test. Call it before `serverAndBrowser`, whose
 * `env` reads its url (hooks registered earlier run first on start, last on stop).
 */
export function fakeNotifyForFile(): FakeNotify {
  const notify = newFakeNotify();
  beforeAll(async () => {
    await startFakeNotify(notify);
  });
  afterAll(() => notify.close());
  beforeEach(() => {
    notify.received = [];
    notify.overlaps = 0;
    notify.mode = "ok";
  });
  return notify;
}

export interface ContextOptions {
  javaScriptEnabled: boolean;
  /** A phone: 390 × 844, touch. */
  mobile?: boolean;
  /** Overrides the size `mobile` picks (1366 × 900 on a desktop). */
  viewport?: { width: number; height: number };
}

/** Contexts opened with JavaScript off: nothing can be evaluated in their pages. */
const withoutJavaScript = new WeakSet<BrowserContext>();

export async function newContext(
  browser: Browser,
  baseURL: string,
  { javaScriptEnabled, mobile, viewport }: ContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    locale: "ru-RU",
    viewport: viewport ?? (mobile ? { width: 390, height: 844 } : { width: 1366, height: 900 }),
    isMobile: mobile ?? false,
    hasTouch: mobile ?? false,
  });
  if (!javaScriptEnabled) withoutJavaScript.add(context);
  return context;
}

/** Closes `context` when the running test finishes, whether it passed or failed. Call it inside a test. */
export function closeAfterTest(context: BrowserContext): void {
  onTestFinished(() => context.close());
}

export interface PageOptions extends ContextOptions {
  /**
   * Runs on the new page before it goes anywhere: cookies the visitor already has, init scripts,
   * routes to intercept, listeners for dialogs or requests.
   */
  init?: (page: Page, context: BrowserContext) => unknown;
}

export interface OpenPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and page errors from the page's first moment on (see watchConsole). */
  errors: string[];
}

/**
 * A visitor's browser tab, handed from test to test of a file (see blankPage): one page in a
 * context of its own, with the options it was opened with.
 */
interface Tab {
  context: BrowserContext;
  page: Page;
  key: string;
}

/** The tabs a file's finished tests gave back, by their options, for its next tests. */
const idleTabs = new WeakMap<Browser, Map<string, Tab[]>>();
/** Tabs a test changed in a way a reset cannot undo: closed after the test, never handed on. */
const spentTabs = new WeakSet<Page>();

/**
 * What a test may do to its page or context that the reset between tests cannot take back (routes,
 * cookies, storage, permissions, listeners and other pages can be taken back). Calling one marks
 * the tab spent.
 */
const LASTING_PAGE_CHANGES = [
  "addInitScript",
  "exposeFunction",
  "exposeBinding",
  "setExtraHTTPHeaders",
  "setViewportSize",
  "emulateMedia",
  "addLocatorHandler",
] as const;
const LASTING_CONTEXT_CHANGES = [
  "addInitScript",
  "exposeFunction",
  "exposeBinding",
  "setExtraHTTPHeaders",
  "setOffline",
  "setGeolocation",
  "setHTTPCredentials",
] as const;
const LASTING_CLOCK_CHANGES = ["install", "setFixedTime", "setSystemTime", "pauseAt"] as const;

/** Makes each of `methods` of `target` mark `page`'s tab spent before it runs. */
function spendOn(target: object, methods: readonly string[], page: Page): void {
  const object = target as Record<string, unknown>;
  for (const name of methods) {
    const original = object[name] as (...args: unknown[]) => unknown;
    object[name] = (...args: unknown[]) => {
      spentTabs.add(page);
      return original.apply(target, args);
    };
  }
}

async function newTab(suite: Suite, key: string, options: ContextOptions): Promise<Tab> {
  const context = await newContext(suite.browser, suite.server.url, options);
  const page = await context.newPage();
  spendOn(page, LASTING_PAGE_CHANGES, page);
  spendOn(context, LASTING_CONTEXT_CHANGES, page);
  spendOn(context.clock, LASTING_CLOCK_CHANGES, page);
  return { context, page, key };
}

/**
 * Makes the tab a new visitor's again, on a page of the site's own that runs nothing, for the
 * file's next test: the test's listeners, routes and other pages gone, its document left (which
 * ends its scripts, timers and requests), then the cookies, permissions and both storages cleared.
 * The browser's HTTP cache is kept, as a returning visitor's browser keeps it: pages revalidate
 * (max-age=0) and the build's files are the same for everyone. A test that failed, closed its page
 * or spent its tab closes the context instead.
 */
async function giveBack(suite: Suite, tab: Tab, failed: boolean): Promise<void> {
  const { context, page } = tab;
  if (failed || page.isClosed() || spentTabs.has(page)) return context.close();
  try {
    for (const other of context.pages()) if (other !== page) await other.close();
    page.removeAllListeners();
    // The requests it counted went with its listeners: the next test counts afresh (trackRequests).
    requestsInFlight.delete(page);
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await page.goto(`${suite.server.url}/healthz`);
    await context.clearCookies();
    await context.clearPermissions();
    const javaScript = !withoutJavaScript.has(context);
    // The page itself empties both storages first. DevTools' clearing below is not certain for a
    // tab that stays open: its renderer keeps a copy of the origin's storage, which that clearing
    // reaches only by a later message, and a live tab's sessionStorage not at all (Chromium 150:
    // the next test read the last one's value in every run). The page's own clear() empties the
    // renderer's copy at once and reaches the browser's store after the page's earlier writes.
    if (javaScript) await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
    const devtools = await context.newCDPSession(page);
    const origin = new URL(suite.server.url).origin;
    await devtools.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
    await devtools.detach();
    // Handed on only when it is certain: empty as the next test's page will read it.
    if (javaScript && (await page.evaluate(() => localStorage.length + sessionStorage.length)) > 0)
      return context.close();
  } catch {
    return context.close();
  }
  let tabs = idleTabs.get(suite.browser);
  if (!tabs) idleTabs.set(suite.browser, (tabs = new Map()));
  const same = tabs.get(tab.key) ?? [];
  if (same.length >= 2) return context.close();
  tabs.set(tab.key, [...same, tab]);
}

/**
 * A visitor's page, not yet at the test's first page, for a test that goes there in its own way
 * (several paths in a loop, or before the scripts may run). It is a tab an earlier test of the
 * file gave back, made a new visitor's again and showing /healthz (see giveBack), or else a new
 * browser context's, showing nothing: a new context's first page costs Chromium about twice the
 * CPU of a page in a tab it has open (docs/performance.md). When the test finishes, passed or
 * failed, the tab is given back. Call it inside a test.
 */
export async function blankPage(suite: Suite, { init, ...options }: PageOptions): Promise<OpenPage> {
  const key = JSON.stringify([options.javaScriptEnabled, options.mobile ?? false, options.viewport ?? null]);
  const tab = idleTabs.get(suite.browser)?.get(key)?.shift() ?? (await newTab(suite, key, options));
  onTestFinished(({ task }) => giveBack(suite, tab, task.result?.state === "fail"));
  const { page, context } = tab;
  const errors = watchConsole(page);
  trackRequests(page);
  await init?.(page, context);
  return { page, context, errors };
}

/**
 * A visitor's page (with or without JavaScript, desktop or `mobile`; see blankPage), `init` run on
 * the page, `path` loaded and, with JavaScript, the page `ready`. Call it inside a test.
 */
export async function openPage(suite: Suite, path: string, options: PageOptions): Promise<OpenPage> {
  const opened = await blankPage(suite, options);
  await opened.page.goto(path);
  await ready(opened.page, options.javaScriptEnabled);
  return opened;
}

/** Collects console errors and page errors, so a test can assert a clean console. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(String(err)));
  return errors;
}

/**
 * With JavaScript, waits until the page is ready for a visitor's hands, by two signals of the
 * site's own (never the framework's internals):
 * - `html[data-hydrated]`: set by the `HydrationMarker` effect in app/root.tsx, which runs once
 *   React has hydrated the document (effects run only after hydration commits);
 * - `form[data-enhanced]`: set by each lead form when its script runs (useEnhancedMark in
 *   app/components/forms/fields.tsx). A form's chunk loads when the form comes near the screen, so only the forms on
 *   or within 300 px of the screen are waited for.
 * Without JavaScript the page is ready once loaded, which `page.goto` already waited for.
 */
export async function ready(page: Page, javaScriptEnabled: boolean): Promise<void> {
  if (!javaScriptEnabled) return;
  await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 });
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('form[action^="/lead/"]')].every((form) => {
        const box = form.getBoundingClientRect();
        const near = form.getClientRects().length > 0 && box.top < window.innerHeight + 300 && box.bottom > -300;
        return form.hasAttribute("data-enhanced") || !near;
      }),
    undefined,
    { timeout: 15_000 },
  );
}

const requestsInFlight = new WeakMap<Page, Set<Request>>();

/** Keeps count of the requests `page` has started and not yet finished (see settled). */
function trackRequests(page: Page): Set<Request> {
  let inFlight = requestsInFlight.get(page);
  if (!inFlight) {
    const set = (inFlight = new Set());
    page.on("request", (request) => set.add(request));
    page.on("requestfinished", (request) => set.delete(request));
    page.on("requestfailed", (request) => set.delete(request));
    requestsInFlight.set(page, set);
  }
  return inFlight;
}

/**
 * With JavaScript, waits until the page has nothing left to do: the tasks it has queued have run,
 * two frames have been drawn since (so IntersectionObserver has reported what a scroll brought
 * near the screen, and a timer set at `load` has fired), React has committed what they changed,
 * and no request of the page is still loading; repeated until a round starts no new request, so
 * what a loaded chunk goes on to do is waited for too. A test uses it before asserting that
 * something did not happen, or that whatever the page loads by itself was allowed. Without
 * JavaScript nothing on the page runs, so there is nothing to wait for.
 */
export async function settled(page: Page, javaScriptEnabled: boolean, timeout = 15_000): Promise<void> {
  if (!javaScriptEnabled) return;
  const inFlight = trackRequests(page);
  const deadline = Date.now() + timeout;
  let startedThisRound = 0;
  let onEnded: (() => void) | undefined;
  const started = () => void startedThisRound++;
  const ended = () => onEnded?.();
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    for (;;) {
      startedThisRound = 0;
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const frame = () => new Promise((next) => requestAnimationFrame(next));
            const task = () => new Promise((next) => setTimeout(next, 0));
            void task()
              .then(frame)
              .then(frame)
              .then(task)
              .then(() => resolve());
          }),
      );
      if (startedThisRound === 0 && inFlight.size === 0) return;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the page kept loading: ${[...inFlight].map((r) => r.url()).join(", ")}`)),
          Math.max(0, deadline - Date.now()),
        );
        onEnded = () => {
          if (inFlight.size > 0) return;
          clearTimeout(timer);
          resolve();
        };
        onEnded();
      });
      onEnded = undefined;
    }
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}

/**
 * Lets the page run the timers that were due before this moment. The phone mask keeps the field's
 * selection with a timer and refuses a key that arrives before it has run, as a robot's keys do (a
 * person is slower). A timer set now runs after every timer due earlier, so when it has run, the
 * mask is ready for the next key, however busy the machine is.
 */
export async function nextKeyReady(page: Page): Promise<void> {
  if (withoutJavaScript.has(page.context())) return;
  // Browsers hold a repeating timer to at least 4 ms.
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 5)));
}

/**
 * Types `keys` into `field` one key at a time, as a person does (never `fill`, which pastes): each
 * character is its own key press, with its keydown, input and keyup. Into the phone field (the one
 * masked field, `type="tel"`, see nextKeyReady) and for named keys ("Backspace", "Control+a"), each
 * key goes in once the page has taken the one before it; other text goes in one call to Playwright,
 * whose key events reach the page one after the other all the same, each handled before the next.
 */
export async function typeKeys(field: Locator, keys: string | string[]): Promise<void> {
  const page = field.page();
  await field.focus();
  if (typeof keys === "string" && !(await masked(field))) return page.keyboard.type(keys);
  await nextKeyReady(page);
  for (const key of typeof keys === "string" ? [...keys] : keys) {
    if (typeof keys === "string") await page.keyboard.type(key);
    else await page.keyboard.press(key);
    await nextKeyReady(page);
  }
}

/** Whether `field` is the phone mask, which only runs with JavaScript. */
async function masked(field: Locator): Promise<boolean> {
  if (withoutJavaScript.has(field.page().context())) return false;
  return (await field.getAttribute("type")) === "tel";
}

/** Empties a text field the way a person does: select all, then Backspace. */
export async function clearByKeys(field: Locator): Promise<void> {
  await typeKeys(field, ["Control+a", "Backspace"]);
}

export const MODES = [
  { name: "with JavaScript", javaScriptEnabled: true },
  { name: "without JavaScript", javaScriptEnabled: false },
] as const;

/**
 * axe's violations on `page` (or within `include`, a CSS selector) as readable lines: rule, impact
 * and the first offending nodes. axe runs in the page itself (the library's legacy mode), and checks
 * our document only (`iframes: false`): the one frame a page holds is Yandex's map widget, whose
 * content is Yandex's, not ours (here, offline, an error page that never answers axe, which waited
 * half a second for it on every page with a map). The `<iframe>` element itself is still checked
 * (its title). The default mode would add a second page per check for cross-origin frames,
 * doubling axe's CPU time. Only the violations are collected in full (`resultTypes`): the passing
 * and inapplicable nodes, which no test reads, are counted once per rule instead of listed, a fifth
 * of each check's time (docs/performance.md).
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"], iframes: false });
  const result = await (include ? builder.include(include) : builder).analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(", ")}`,
  );
}
