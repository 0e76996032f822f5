/** Debian's Chromium, driven by the e2e tests, the Lighthouse script and the picture renderer; CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
