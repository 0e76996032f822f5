/**
 * What ops can see at GET /metrics (Prometheus text format, prom-client): requests by route and
 * status with their latency, calls to the parts API and the notify service by outcome, leads in
 * the store by state, the retry queue, the catalogue's size and age, and Node's own process figures.
 * The gauges are read when scraped, so nothing is counted twice or kept in step by hand.
 */
import crypto from "node:crypto";
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import type { RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { LeadStatus } from "./lead-record.server";

export interface Metrics {
  registry: Registry;
  observeRequest(labels: { route: string; method: string; status: number }, seconds: number): void;
  observeUpstream(upstream: "parts" | "notify" | "dadata", outcome: string, seconds: number): void;
}

export interface MetricsSources {
  /** Leads by state and the retry queue, counted in the store when scraped. */
  leads(): Promise<{ counts: Record<LeadStatus, number>; waiting: number }>;
  catalogue(): { parts: number; fetchedAt: number } | undefined;
}

const LEAD_STATES: LeadStatus[] = ["pending", "kept", "delivered", "undelivered", "failed", "replaced"];

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP requests by route (the Remix route id, or static/healthz/metrics), method and status; _count is the number of requests.",
    labelNames: ["route", "method", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const upstreamCalls = new Counter({
    name: "upstream_requests_total",
    help: "Requests to the parts API, the notify service and DaData's company register by outcome (ok, http_error, timeout, network, too_big, invalid).",
    labelNames: ["upstream", "outcome"],
    registers: [registry],
  });
  const upstreamLatency = new Histogram({
    name: "upstream_request_duration_seconds",
    help: "Duration of requests to the parts API, the notify service and DaData's company register.",
    labelNames: ["upstream"],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  // One count per scrape, shared by the two gauges read from it.
  let scanning: Promise<{ counts: Record<LeadStatus, number>; waiting: number }> | undefined;
  const scanLeads = () =>
    (scanning ??= sources.leads().finally(() => {
      scanning = undefined;
    }));
  new Gauge({
    name: "leads",
    help: "Leads and orders in the store by state: pending (being sent), kept (no notify service), delivered, undelivered (waiting for a retry), failed (given up after 7 days), replaced (a failed order the customer replaced with a changed cart).",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      const { counts } = await scanLeads();
      for (const state of LEAD_STATES) this.set({ state }, counts[state]);
    },
  });
  new Gauge({
    name: "lead_retry_queue_length",
    help: "Leads waiting to be sent: undelivered (a retry is due later), or pending (being sent, or left by a sender that stopped).",
    registers: [registry],
    async collect() {
      this.set((await scanLeads()).waiting);
    },
  });
  new Gauge({
    name: "catalogue_parts",
    help: "Parts in the catalogue being served (0 when none has been loaded yet).",
    registers: [registry],
    collect() {
      this.set(sources.catalogue()?.parts ?? 0);
    },
  });
  new Gauge({
    name: "catalogue_age_seconds",
    help: "Seconds since the parts API last confirmed the catalogue being served (-1 when none has been loaded yet).",
    registers: [registry],
    collect() {
      const current = sources.catalogue();
      this.set(current ? (Date.now() - current.fetchedAt) / 1000 : -1);
    },
  });

  return {
    registry,
    observeRequest({ route, method, status }, seconds) {
      requests.observe({ route, method, status: String(status) }, seconds);
    },
    observeUpstream(upstream, outcome, seconds) {
      upstreamCalls.inc({ upstream, outcome });
      upstreamLatency.observe({ upstream }, seconds);
    },
  };
}

function sameSecret(given: string, expected: string): boolean {
  // Digests first: equal lengths for timingSafeEqual, and no length leaked.
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** GET /metrics: 404 while METRICS_TOKEN is unset; then only with `Authorization: Bearer {token}`. */
export function metricsHandler(metrics: Metrics, token: string | undefined): RequestHandler {
  return (req, res, next) => {
    res.set("Cache-Control", "no-store");
    if (!token) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    const match = /^Bearer\s+(.+)$/i.exec(req.get("authorization") ?? "");
    if (!match || !sameSecret(match[1].trim(), token)) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Unauthorized");
      return;
    }
    metrics.registry
      .metrics()
      .then((text) => res.type(metrics.registry.contentType).send(text))
      .catch(next);
  };
}

type BuildRoutes = ServerBuild["routes"];
type RouteObject = Parameters<typeof matchRoutes>[0][number];

/**
 * The label of a page or data request: the id of the Remix route that answers its path (a few
 * dozen values, never the path itself, which carries slugs and whatever a visitor typed).
 */
export function routeLabeler(routes: BuildRoutes): (pathname: string) => string {
  const all = Object.values(routes).filter((r): r is NonNullable<typeof r> => r !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    all
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index
          ? { id: r.id, index: true, path: r.path, caseSensitive: r.caseSensitive }
          : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: childrenOf(r.id) },
      );
  const tree = childrenOf(undefined);
  // matchRoutes ranks every branch on each call (tens of µs): the labels of recent paths are kept.
  const recent = new Map<string, string>();
  return (pathname) => {
    let label = recent.get(pathname);
    if (label === undefined) {
      label = matchRoutes(tree, pathname)?.at(-1)?.route.id ?? "unmatched";
      if (recent.size >= LABEL_CACHE_SIZE) recent.clear();
      recent.set(pathname, label);
    }
    return label;
  };
}

const LABEL_CACHE_SIZE = 5000;
