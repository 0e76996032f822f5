import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

process.env.LOG_SILENT = "1";

// findBy… and waitFor wait for what a test awaits up to 5 s, not testing-library's 1 s: on a busy
// two-core machine a debounced lookup (150 ms), its answer and React's render can take longer.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  // @react-input/mask keeps a timer loop on the focused input; blur it between tests.
  (document.activeElement as HTMLElement | null)?.blur?.();
  cleanup();
});
