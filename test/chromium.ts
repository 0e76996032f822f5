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
