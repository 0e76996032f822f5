import path from "node:path";
import type { Config } from "./config.server";
import type { StoreDb } from "./store/db.server";
import { createDadataGateway, type CompanyDirectory } from "./dadata.server";
import { createLeadRetry, inTurn, type LeadRetry } from "./lead-retry.server";
import { createMailOutbox, type MailOutbox } from "./mail-outbox.server";
import { createMetrics, type Metrics } from "./metrics.server";
import { createNotifyGateway, type NotifyGateway } from "./notify-gateway.server";
import { createPartsGateway, type PartsGateway } from "./parts-gateway.server";
import type { Exchange } from "./onec/exchange.server";
import { createSiteExchange } from "./onec/site-exchange.server";
import { createStoreCatalogue } from "./store/onec-catalogue.server";
import { createStorePictures } from "./store/onec-pictures.server";
import { createStoreOrders } from "./store/order-statuses.server";
import { createPriceListCache, type PriceListCache } from "./feeds/price-list.server";
import {
  COMPANY_SUGGEST_WINDOW_MS,
  ORDER_STATUS_WINDOW_MS,
  createVisitorLimit,
  LEAD_RATE_WINDOW_MS,
  type VisitorLimit,
} from "./rate-limit.server";

/** The server's I/O clients, built once at start-up and handed to every loader and action. */
export interface Services {
  config: Config;
  parts: PartsGateway;
  notify: NotifyGateway;
  /** The customers' order confirmations (SMTP). */
  mail: MailOutbox;
  /** Re-sends undelivered leads and order e-mails in the background (started by server/index.ts). */
  retry: LeadRetry;
  /** Leads, orders, mail, consents and settings (server/store/, docs/decisions/017). */
  store: StoreDb;
  /** Companies by ИНН (DaData), for the ИНН fields' suggestions and the leads' `company`. */
  companies: CompanyDirectory;
  metrics: Metrics;
  /** Sign the server's own cookies (the last order): SESSION_SECRET, or the store's own; then the store's, which signed before. */
  cookieSecrets: string[];
  /** The price list file of the current catalogue, under DATA_DIR/price-list. */
  priceList: PriceListCache;
  /** Leads and orders per visitor (LEAD_RATE_LIMIT per 10 minutes), counted by the actions. */
  leadLimit: VisitorLimit;
  /** Company suggestions per visitor (COMPANY_SUGGEST_RATE_LIMIT a minute): each is a paid DaData call. */
  companySuggestLimit: VisitorLimit;
  /** Order look-ups at /order-status per visitor (ORDER_STATUS_RATE_LIMIT a minute): numbers are not to be guessed. */
  orderStatusLimit: VisitorLimit;
  /** 1C's exchange at /1c-exchange; undefined when it is off. */
  exchange?: Exchange;
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    services: Services;
    /** CSP nonce of this response, for inline scripts. */
    nonce: string;
    /** The visitor's address: the TCP peer, or from X-Forwarded-For when the peer is a trusted proxy (TRUST_PROXY). */
    clientIp: string;
  }
}

export function createServices(
  config: Config,
  opened: { store: StoreDb; cookieSecret: string },
  overrides: Partial<Services> = {},
): Services {
  const { store } = opened;
  // The metrics read the gateways when scraped, and the gateways report each upstream call to them.
  const metrics =
    overrides.metrics ??
    createMetrics({
      leads: () => notify.counts(),
      catalogue: () => parts.current(),
    });
  const parts =
    overrides.parts ??
    createPartsGateway(config, {
      onUpstream: (outcome, s) => metrics.observeUpstream("parts", outcome, s),
      // 1C's catalogue, once delivered, serves on every server of the store, with or without the exchange.
      onecStore: store,
    });
  const notify =
    overrides.notify ??
    createNotifyGateway(config, store, {
      onUpstream: (outcome, s) => metrics.observeUpstream("notify", outcome, s),
      mailOf: (order) => mail.mailOf(order),
    });
  const mail = overrides.mail ?? createMailOutbox(config, store);
  const retry =
    overrides.retry ?? createLeadRetry(inTurn(notify, mail), { baseMs: config.NOTIFY_RETRY_BASE_SECONDS * 1000 });
  return {
    config,
    parts,
    notify,
    mail,
    retry,
    store,
    companies:
      overrides.companies ??
      createDadataGateway(config, { onUpstream: (outcome, s) => metrics.observeUpstream("dadata", outcome, s) }),
    metrics,
    cookieSecrets:
      overrides.cookieSecrets ??
      (config.SESSION_SECRET && config.SESSION_SECRET !== opened.cookieSecret
        ? [config.SESSION_SECRET, opened.cookieSecret]
        : [opened.cookieSecret]),
    priceList: overrides.priceList ?? createPriceListCache(path.join(config.dataDir, "price-list")),
    leadLimit:
      overrides.leadLimit ?? createVisitorLimit({ limit: config.LEAD_RATE_LIMIT, windowMs: LEAD_RATE_WINDOW_MS }),
    companySuggestLimit:
      overrides.companySuggestLimit ??
      createVisitorLimit({ limit: config.COMPANY_SUGGEST_RATE_LIMIT, windowMs: COMPANY_SUGGEST_WINDOW_MS }),
    orderStatusLimit:
      overrides.orderStatusLimit ??
      createVisitorLimit({ limit: config.ORDER_STATUS_RATE_LIMIT, windowMs: ORDER_STATUS_WINDOW_MS }),
    exchange:
      "exchange" in overrides
        ? overrides.exchange
        : createSiteExchange(config, {
            catalogue: createStoreCatalogue(store, { onCommit: (change) => parts.onecChanged?.(change) }),
            pictures: createStorePictures(store),
            orders: createStoreOrders(store, {
              statusMail: (order, event) => mail.statusMailOf(order, event),
              onStatusMails: (ids) => mail.sendStatusMails(ids),
            }),
          }),
  };
}
