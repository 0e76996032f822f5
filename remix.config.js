/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // server/index.ts is bundled with the app into build/index.js: one Node process,
  // one copy of every server module (config, gateways, lead store).
  server: "./server/index.ts",
  serverBuildPath: "build/index.js",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // Swiper ships ESM only; bundle it (and its modules) for the server render.
  serverDependenciesToBundle: [/^swiper/, /^ssr-window/, /^dom7/],
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  postcss: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
