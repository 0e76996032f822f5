import type { Config } from "./config.server";

/** What every loader and action receives from the HTTP server (see server/index.ts). */
export interface Services {
  config: Config;
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    services: Services;
    /** CSP nonce of this response, for inline scripts. */
    nonce: string;
  }
}

export function createServices(config: Config): Services {
  return { config };
}
