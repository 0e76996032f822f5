import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The e2e files that spend most of their time waiting, on a fake service's timeout or retry (the
 * notify service, the mail server, the company register) or on a child process (content.test.ts
 * builds a copy of the site): half a core to 0.85 of one each, alone (docs/performance.md).
 */
const WAITING = [
  "invoice.test.ts",
  "faults.test.ts",
  "delivery.test.ts",
  "company.test.ts",
  "order-changes.test.ts",
  "content.test.ts",
];

/**
 * Vitest's order (on a fresh clone the largest file first, later the longest), with each waiting
 * e2e file placed after a busy one: the two workers then pair a waiting file with a busy one
 * rather than two waiting files, which leave a core idle. A file missing from the list only runs
 * where vitest put it.
 */
export default class WaitingApartSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isWaiting = (spec: TestSpecification) =>
      spec.project.name === "e2e" && WAITING.some((name) => spec.moduleId.endsWith(`/${name}`));
    const waiting = sorted.filter(isWaiting);
    const out: TestSpecification[] = [];
    for (const spec of sorted) {
      if (isWaiting(spec)) continue;
      out.push(spec);
      if (spec.project.name === "e2e" && waiting.length) out.push(waiting.shift()!);
    }
    return [...out, ...waiting];
  }
}
