import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

process.env.LOG_SILENT = "1";

// findBy… and waitFor wait up to 3 s, not testing-library's 1 s, for a busy two-core machine; less
// than vitest's 5 s per test, so a wait that fails still says what it waited for.
configure({ asyncUtilTimeout: 3_000 });

afterEach(() => {
  // @react-input/mask keeps a timer loop on the focused input; blur it between tests.
  (document.activeElement as HTMLElement | null)?.blur?.();
  cleanup();
});
