/**
 * Debian's Chromium, driven by the Lighthouse script, the visit benchmark and the picture renderer;
 * CHROMIUM_PATH overrides it.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The end-to-end tests' browser: Debian's chromium-headless-shell, the same Chromium without the
 * desktop browser around it, as Playwright itself runs headless. The e2e tests take about a
 * third less time with it than with the whole browser (docs/performance.md). HEADLESS_SHELL_PATH
 * overrides it.
 */
export const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/**
 * Flags for every Chromium the project starts headless: no sandbox (the tests run as root in a
 * container), no GPU, and none of the browser's own connections (updates, sync, QUIC probes),
 * which a closed network refuses many at a time.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
