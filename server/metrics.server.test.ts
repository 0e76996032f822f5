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
    const metrics = createMetrics({
      leads: async () => ({
        counts: { delivered: 1, undelivered: 1, pending: 2, kept: 0, failed: 1, replaced: 0 },
        waiting: 2,
      }),
      catalogue: () => ({ parts: 360, fetchedAt: Date.now() - 5_000 }),
    });
    metrics.observeUpstream("notify", "timeout", 1.2);
    const text = await metrics.registry.metrics();
    expect(text).toContain('leads{state="delivered"} 1');
    expect(text).toContain('leads{state="pending"} 2');
    expect(text).toContain('leads{state="kept"} 0');
    expect(text).toContain('leads{state="failed"} 1');
    expect(text).toContain("lead_retry_queue_length 2");
    expect(text).toContain("catalogue_parts 360");
    expect(Number(/^catalogue_age_seconds (\S+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(5);
    expect(text).toContain('upstream_requests_total{upstream="notify",outcome="timeout"} 1');
  });
});
