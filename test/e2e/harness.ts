/**
 * End-to-end harness: the built server in a child process on a free loopback port with its
 * own DATA_DIR, and Debian's Chromium driven by playwright-core.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { CHROMIUM_PATH } from "../chromium";
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
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
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

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
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

export interface ContextOptions {
  javaScriptEnabled: boolean;
  mobile?: boolean;
}

export async function newContext(browser: Browser, baseURL: string, { javaScriptEnabled, mobile }: ContextOptions): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    javaScriptEnabled,
    locale: "ru-RU",
    viewport: mobile ? { width: 390, height: 844 } : { width: 1366, height: 900 },
    isMobile: mobile ?? false,
    hasTouch: mobile ?? false,
  });
}

/** Collects console errors and page errors, so a test can assert a clean console. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(String(err)));
  return errors;
}

/**
 * With JavaScript, wait until React has hydrated before interacting, and until every lead form
 * on or near the screen runs its script (a form's chunk loads when the form comes near).
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

export const MODES = [
  { name: "with JavaScript", javaScriptEnabled: true },
  { name: "without JavaScript", javaScriptEnabled: false },
] as const;
