/**
 * The HTTP server: one Express app serving static assets, /healthz and the Remix handler.
 * Remix bundles this file with the app into build/index.js (remix.config.js `server`).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Server } from "node:http";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady } from "@remix-run/node";
import * as build from "@remix-run/dev/server-build";
import compression from "compression";
import express from "express";
import onHeaders from "on-headers";
import { bootOrExit, loadSettings } from "./boot.server";
import { createServices } from "./context.server";
import { responseWritable } from "./feeds/body-stream.server";
import { log } from "./log.server";
import { metricsHandler, routeLabeler } from "./metrics.server";
import { refuseOddRequests, russianErrors } from "./odd-requests.server";
import { refuseForeignOrigin } from "./origin-check.server";
import { asSubresource, securityHeaders } from "./security-headers.server";
import { fingerprintedAssets } from "./static-assets.server";
import { goLiveReport } from "./go-live.server";
import { launchState, servedCatalogue, settingsCatalogue } from "./launch-state.server";
import { storeHealthy } from "./store/health.server";
import { pruneDaily, startStore } from "./store/open.server";

// A missing built file (the catalogue worker) fails here too: one line, not a stack.
// The store is opened, migrated and the previous DATA_DIR imported before the first request.
const { config, services } = await bootOrExit(async () => {
  const config = loadSettings();
  const opened = await startStore(config);
  return { config, services: createServices(config, opened) };
});
const stopPruning = pruneDaily(services.store, config);
// The content is built in and the environment does not change while the server runs: read once.
// Which catalogue serves is asked each time: 1C may deliver its first one while the server runs.
const launchReport = goLiveReport(process.env);
const launchNow = async (storeUp = true) =>
  launchState(
    process.env,
    launchReport,
    await servedCatalogue(services.parts, storeUp ? services.store : undefined, settingsCatalogue(process.env)),
  );
const launch = await launchNow();

const app = express();
app.disable("x-powered-by");
// Whose X-Forwarded-For is believed: nobody's unless TRUST_PROXY names the proxies in front.
app.set("trust proxy", config.TRUST_PROXY);
const routeOf = routeLabeler(build.routes);

let stopping = false;

app.use((req, res, next) => {
  const start = process.hrtime.bigint();
  // While stopping, every answer closes its connection so the process can leave.
  if (stopping) res.setHeader("Connection", "close");
  // An answer given before the request body was read to its end (a refused upload, a malformed
  // multipart body) closes the connection: Node does not drain a body that was partly read, so
  // a kept-alive socket would wait on the rest and the client's next request on it would hang.
  // (Only a request that has a body: one without is not marked complete until its stream is
  // read, and closing after every quick GET would throw keep-alive away.)
  const hasBody =
    (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0") ||
    req.headers["transfer-encoding"] !== undefined;
  onHeaders(res, function () {
    if (hasBody && !req.complete) this.setHeader("Connection", "close");
    // A 304 confirms the browser's stored page, whose scripts carry the nonce of that page's own
    // policy: a policy with this response's nonce must not replace it.
    if (this.statusCode === 304) this.removeHeader("Content-Security-Policy");
  });
  res.locals.nonce = crypto.randomBytes(16).toString("base64");
  res.on("finish", () => {
    // The path only: query strings can carry what visitors typed.
    const pathname = req.originalUrl.split("?")[0];
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    // Answered before the route label is set (below): a static file.
    services.metrics.observeRequest(
      { route: (res.locals.route as string | undefined) ?? "static", method: req.method, status: res.statusCode },
      seconds,
    );
    // Static assets are many and dull; log them only when they fail.
    if (res.statusCode < 400 && (pathname.startsWith("/build/") || pathname === "/healthz")) return;
    log.info("request", {
      method: req.method,
      path: pathname,
      status: res.statusCode,
      ms: Math.round(seconds * 1e4) / 10,
    });
  });
  next();
});

app.use(securityHeaders(config));
app.use(refuseOddRequests());
app.use(refuseForeignOrigin());

app.get("/healthz", (_req, res, next) => {
  res.locals.route = "healthz";
  storeHealthy(services.store, { dataDir: config.dataDir })
    .then(async (healthy) => {
      const { content, catalogue, leads, open } = await launchNow(healthy);
      res
        .status(healthy ? 200 : 503)
        .set("Cache-Control", "no-store")
        .json({ status: healthy ? "ok" : "store down", content, catalogue, leads, open });
    })
    .catch(next);
});

app.get(
  "/metrics",
  (_req, res, next) => {
    res.locals.route = "metrics";
    next();
  },
  metricsHandler(services.metrics, config.METRICS_TOKEN),
);

const publicDir = path.resolve("public");
// Fingerprinted assets from memory, the build's brotli/gzip copies where the browser takes them;
// already compressed, so ahead of the compression middleware.
const ONE_YEAR_S = 31_536_000;
app.use("/build", fingerprintedAssets(path.join(publicDir, "build"), { maxAgeSeconds: ONE_YEAR_S }));
app.use(compression());
app.use(
  "/build",
  express.static(path.join(publicDir, "build"), {
    immutable: true,
    maxAge: ONE_YEAR_S * 1000,
    index: false,
    setHeaders: asSubresource,
  }),
);
// The other public files by their top-level name, read once: a page's path never reaches the
// file system (a stat per page request was about 1.5 % of a page's server time).
const publicFiles = express.static(publicDir, { maxAge: "1h", index: false, setHeaders: asSubresource });
const publicNames = new Set(fs.readdirSync(publicDir).filter((name) => name !== "build"));
app.use((req, res, next) => (publicNames.has(req.path.split("/")[1]) ? publicFiles(req, res, next) : next()));

// An X-Forwarded-For from a peer TRUST_PROXY does not name is not believed: said once, since behind
// a proxy left out of TRUST_PROXY every visitor is the proxy (one lead limit for all of them).
let untrustedForwardSaid = false;
app.use((req, res, next) => {
  res.locals.route = routeOf(req.path);
  if (!untrustedForwardSaid && req.headers["x-forwarded-for"] && req.ip === req.socket.remoteAddress) {
    untrustedForwardSaid = true;
    log.warn("X-Forwarded-For from a peer TRUST_PROXY does not trust: not believed", {
      peer: req.socket.remoteAddress,
      hint: "behind a proxy, name it in TRUST_PROXY (loopback, uniquelocal, its address or a hop count)",
    });
  }
  next();
});

// Mounted for every path as it came: a route pattern ("*") would have Express decode the path
// first, and a malformed one ('%FF') would end in Express's own English error page.
app.use(
  createRequestHandler({
    build,
    mode: config.NODE_ENV === "production" ? "production" : build.mode,
    getLoadContext: (req, res) => ({
      services,
      nonce: res.locals.nonce as string,
      clientIp: req.ip ?? req.socket.remoteAddress ?? "",
      responseWritable: responseWritable(res),
    }),
  }),
);
app.use(russianErrors);

const server: Server = app.listen(config.PORT, config.HOST ?? "0.0.0.0", () => {
  log.info("listening", {
    url: `http://localhost:${config.PORT}`,
    parts: { "1c": "1C catalogue", "parts-api": "upstream", demo: "demo catalogue" }[launch.catalogue],
    notify: config.NOTIFY_API_URL ? "upstream" : "local sink",
    companies: config.DADATA_API_KEY ? "dadata" : "off",
    dataDir: config.dataDir,
    store: services.store.where,
  });
  if (config.NODE_ENV === "production" && launch.warning)
    log.warn(launch.warning.message, { open: launch.warning.open });
  // `npm run dev` (remix dev) waits for this, then reloads the browser through <LiveReload>.
  if (build.mode === "development") void broadcastDevReady(build);
});
server.keepAliveTimeout = 65_000;
// Undelivered leads are re-sent in the background while the server runs.
if (config.NOTIFY_API_URL || config.SMTP_URL) services.retry.start();

function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info("stopping", { signal });
  // The retry pass abandons its attempt in flight and puts its claim back; in-flight requests
  // finish, new connections are refused; an order's confirmation e-mail being sent is waited for
  // (left mid-way, the mail server may have taken it while its record still says unsent, and it
  // would be sent again after the restart); then leave.
  const retryStopped = services.retry.stop();
  server.close(() => {
    void Promise.all([retryStopped, services.mail.idle()])
      .then(() => {
        stopPruning();
        return services.store.close();
      })
      .finally(() => {
        log.info("stopped");
        process.exit(0);
      });
  });
  server.closeIdleConnections();
  // Keep-alive connections that finish a request after this point are closed as they go idle.
  setInterval(() => server.closeIdleConnections(), 200).unref();
  setTimeout(() => {
    log.warn("forced stop after 15 s");
    process.exit(1);
  }, 15_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
