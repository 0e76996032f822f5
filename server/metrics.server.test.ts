import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { createMetrics, routeLabeler } from "./metrics.server";

const route = (id: string, extra: { parentId?: string; path?: string; index?: boolean }) => ({
  id,
  module: {},
  ...extra,
});
const routes = {
  root: route("root", { path: "" }),
  "routes/_index": route("routes/_index", { parentId: "root", index: true }),
  "routes/catalog.parts._index": route("routes/catalog.parts._index", {
    parentId: "root",
    path: "catalog/parts",
    index: true,
  }),
  "routes/catalog.parts.$slug": route("routes/catalog.parts.$slug", { parentId: "root", path: "catalog/parts/:slug" }),
  "routes/$": route("routes/$", { parentId: "root", path: "*" }),
} as unknown as ServerBuild["routes"];

describe("routeLabeler", () => {
  it("labels a path with the id of the Remix route that answers it, never the path itself", () => {
    const label = routeLabeler(routes);
    expect(label("/")).toBe("routes/_index");
    expect(label("/catalog/parts")).toBe("routes/catalog.parts._index");
    expect(label("/catalog/parts/filtr-maslyanyj-123")).toBe("routes/catalog.parts.$slug");
    expect(label("/wp-admin/<script>")).toBe("routes/$");
  });
});

describe("createMetrics", () => {
  it("counts leads by state and the retry queue from one scan, and reports the catalogue", async () => {
    const old = new Date(Date.now() - 120_000).toISOString();
    const now = new Date().toISOString();
    const metrics = createMetrics({
      leads: async () => [
        { id: "1", status: "delivered", createdAt: old, attempts: 1 },
        { id: "2", status: "undelivered", createdAt: old, attempts: 2 },
        { id: "3", status: "pending", createdAt: old, attempts: 0 },
        { id: "4", status: "pending", createdAt: now, attempts: 0 },
        { id: "5", status: "failed", createdAt: old, attempts: 170 },
      ],
      catalogue: () => ({ parts: 360, fetchedAt: Date.now() - 5_000 }),
    });
    metrics.observeUpstream("notify", "timeout", 1.2);
    const text = await metrics.registry.metrics();
    expect(text).toContain('leads{state="delivered"} 1');
    expect(text).toContain('leads{state="pending"} 2');
    expect(text).toContain('leads{state="kept"} 0');
    expect(text).toContain('leads{state="failed"} 1');
    // The undelivered lead and the pending one its sender left; the young pending one is in flight.
    expect(text).toContain("lead_retry_queue_length 2");
    expect(text).toContain("catalogue_parts 360");
    expect(Number(/^catalogue_age_seconds (\S+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(5);
    expect(text).toContain('upstream_requests_total{upstream="notify",outcome="timeout"} 1');
  });
});
