import type { Config } from "./config.server";
import { createConsentLog, type ConsentLog } from "./consent-log.server";
import { createNotifyGateway, type NotifyGateway } from "./notify-gateway.server";
import { createPartsGateway, type PartsGateway } from "./parts-gateway.server";
import { createRateLimiter, type RateLimiter } from "./rate-limit.server";

/** The server's I/O clients, built once at start-up and handed to every loader and action. */
export interface Services {
  config: Config;
  parts: PartsGateway;
  notify: NotifyGateway;
  consents: ConsentLog;
  /** Lead and order submissions per visitor. */
  leadLimiter: RateLimiter;
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    services: Services;
    /** CSP nonce of this response, for inline scripts. */
    nonce: string;
    /** The visitor's address (behind a proxy, from X-Forwarded-For). */
    clientIp: string;
  }
}

const LEAD_RATE_LIMIT = { limit: 10, windowMs: 10 * 60 * 1000 };

export function createServices(config: Config, overrides: Partial<Services> = {}): Services {
  return {
    config,
    parts: overrides.parts ?? createPartsGateway(config),
    notify: overrides.notify ?? createNotifyGateway(config),
    consents: overrides.consents ?? createConsentLog(config.dataDir),
    leadLimiter: overrides.leadLimiter ?? createRateLimiter(LEAD_RATE_LIMIT),
  };
}
