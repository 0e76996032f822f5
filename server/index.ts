/**
 * The Node entry: one Express app serving static assets, /healthz and the Remix handler.
 * Remix bundles this file with the app into build/index.js (remix.config.js `server`).
 */
// First: `npm run leads:resend` must own SIGINT and SIGTERM before anything else loads.
import { resendInterruptedBy, resendMode, resendStop, signalExitCode } from "./resend-signals.server";
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
import { ConfigError, getConfig, type Config } from "./config.server";
import { createServices } from "./context.server";
import { log } from "./log.server";
import { metricsHandler, routeLabeler } from "./metrics.server";
import { ensureWritableDir } from "./data-dir.server";
import { LEAD_POST_PATHS, leadRateLimit } from "./rate-limit.server";
import { asSubresource, securityHeaders } from "./security-headers.server";
import { fingerprintedAssets } from "./static-assets.server";
import { goLiveReport, openCount } from "./go-live.server";
import { resendPendingMail } from "./mail-outbox.server";
import { CONTENT } from "~/content";
import { parseDealerContent } from "~/content/schema";

function loadConfig(): Config {
  // A .env file (a copy of .env.example) fills in what the environment leaves unset.
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  try {
    return getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + "\n");
      process.exit(1);
    }
    throw error;
  }
}

const config = loadConfig();
try {
  parseDealerContent(CONTENT);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
// Read once: the content is built in and the environment does not change while the server runs.
const launch = goLiveReport(process.env);
const contentState = launch.demo.length > 0 ? "demo" : "real";
try {
  ensureWritableDir(config.dataDir);
} catch (error) {
  process.stderr.write(`DATA_DIR ${config.dataDir} is not writable: ${(error as Error).message}\n`);
  process.exit(1);
}
let services: ReturnType<typeof createServices>;
try {
  services = createServices(config);
} catch (error) {
  // A deploy missing a built file (the catalogue worker): one line, not a stack.
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}

// `node build/index.js --resend-leads` (npm run leads:resend): send what could not be delivered, then exit.
// Safe beside the running server and beside another run: each lead is claimed before it is sent.
if (resendMode) {
  await resendPendingMail(services.mail, resendStop);
  if (!config.NOTIFY_API_URL) {
    process.stderr.write("NOTIFY_API_URL is not set: leads are kept locally, nothing to re-send.\n");
    process.exit(1);
  }
  const result = await services.notify.retryPass({ mode: "all", signal: resendStop });
  process.stdout.write(
    `re-sent leads: ${result.delivered} delivered, ${result.undelivered} still undelivered, ${result.skipped} left to another sender\n`,
  );
  const interrupted = resendInterruptedBy();
  if (interrupted) {
    process.stderr.write(
      `interrupted by ${interrupted}: the other leads wait for the next run or the server's retry\n`,
    );
    process.exit(signalExitCode(interrupted));
  }
  process.exit(result.undelivered > 0 ? 2 : 0);
}

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

app.get("/healthz", (_req, res) => {
  res.locals.route = "healthz";
  res.set("Cache-Control", "no-store").json({ status: "ok", content: contentState });
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

app.use((req, res, next) => {
  res.locals.route = routeOf(req.path);
  next();
});

app.post(LEAD_POST_PATHS, leadRateLimit({ limit: config.LEAD_RATE_LIMIT }));

app.all(
  "*",
  createRequestHandler({
    build,
    mode: config.NODE_ENV === "production" ? "production" : build.mode,
    getLoadContext: (req, res) => ({
      services,
      nonce: res.locals.nonce as string,
      clientIp: req.ip ?? req.socket.remoteAddress ?? "",
      overLeadLimit: res.locals.overLeadLimit === true,
    }),
  }),
);

const server: Server = app.listen(config.PORT, config.HOST ?? "0.0.0.0", () => {
  log.info("listening", {
    url: `http://localhost:${config.PORT}`,
    parts: config.PARTS_API_URL ? "upstream" : "demo catalogue",
    notify: config.NOTIFY_API_URL ? "upstream" : "local sink",
    dataDir: config.dataDir,
  });
  if (config.NODE_ENV === "production" && (launch.demo.length > 0 || !config.NOTIFY_API_URL)) {
    log.warn(
      `not ready to go live: ${launch.demo.length} demo values, ${launch.disagreements.length} disagreements, ` +
        `${launch.failures.length} failed settings; run npm run go-live`,
      { open: openCount(launch) },
    );
  }
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
  // finish, new connections are refused; then leave.
  const retryStopped = services.retry.stop();
  server.close(() => {
    void retryStopped.then(() => {
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
