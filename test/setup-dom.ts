import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

process.env.LOG_SILENT = "1";

afterEach(() => {
  // @react-input/mask keeps a timer loop on the focused input; blur it between tests.
  (document.activeElement as HTMLElement | null)?.blur?.();
  cleanup();
});
