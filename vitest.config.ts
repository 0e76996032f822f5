import path from "node:path";
import { defineConfig } from "vitest/config";
import WaitingApartSequencer from "./test/e2e/sequencer";

const alias = {
  "~": path.resolve("app"),
  "~server": path.resolve("server"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // The e2e files that mostly wait run beside busy ones (test/e2e/sequencer.ts).
    sequence: { sequencer: WaitingApartSequencer },
    // What the tests write to the temporary directory is removed when the run ends.
    globalSetup: ["test/temp-root.ts"],
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          globals: true,
          // Three workers on two cores: the unit files spend much of their time waiting on real time
          // (a fake service's timeout, a retry's delay), so a third file keeps both cores busy (the
          // unit and component tests 27 → 23 s, docs/performance.md).
          maxWorkers: 3,
          // One process for many files: each file no longer loads its dependencies anew (the unit and
          // component tests 60 → 50 s). The files share no state: each builds what it tests. The
          // component tests stay isolated: each file gets a document of its own.
          isolate: false,
          environment: "node",
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          setupFiles: ["test/setup-unit.ts"],
          // The store's tests run against PostgreSQL too: the run's cluster, TEST_DATABASE_URL.
          globalSetup: ["test/postgres-global-setup.ts"],
        },
      },
      {
        resolve: { alias },
        esbuild: { jsx: "automatic" },
        test: {
          name: "dom",
          globals: true,
          // One group with the unit tests: the same worker count.
          maxWorkers: 3,
          environment: "jsdom",
          include: ["app/**/*.test.tsx"],
          setupFiles: ["test/setup-dom.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          globals: true,
          environment: "node",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["test/e2e/global-setup.ts", "test/postgres-global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page settles after its URL changes (React renders the loader data next); on a busy
          // CI machine that can take more than vitest's one-second default.
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time, each with its own built server and Chromium: a file spends much of
          // its time waiting on a page, so two keep both cores busy.
          maxWorkers: 2,
          // One process for many files, as the unit tests: playwright-core is loaded once per worker,
          // not once per file. Each file starts its own server and Chromium and stops them.
          isolate: false,
          // Its own group, after the unit and component tests (a group has one worker count).
          // `npm test` runs it in a vitest of its own, beside them (scripts/test.mjs).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
