/**
 * The lead limit (LEAD_RATE_LIMIT posts per visitor per 10 minutes) through express-rate-limit,
 * counted in memory: one container. The visitor is Express's `req.ip`, so TRUST_PROXY decides
 * whose X-Forwarded-For is believed.
 */
import type { Request, RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import { RECALCULATE_INTENT } from "~/lib/form-intents";

export const LEAD_RATE_WINDOW_MS = 10 * 60 * 1000;

/** Where leads and orders are posted: the forms' pages, the upload's resource route, the order. */
export const LEAD_POST_PATHS = ["/lead/:form", "/api/lead-upload", "/make-order"];

/**
 * A post that only shows the form again with new figures (`?intent=recalculate`): its action
 * sends nothing, so it is not counted.
 */
const isRecalculation = (url: string) =>
  new URLSearchParams(url.split("?")[1] ?? "").get("intent") === RECALCULATE_INTENT;

/**
 * A limit per visitor: `limit` requests per `windowMs`, counted by Express's `req.ip` over one
 * subscriber's IPv6 network (a /64), not each of its addresses; `handler` answers, or marks, the
 * request over it. A limit of 0 lets everything through.
 */
function perVisitor({
  limit,
  windowMs,
  handler,
  skip,
  standardHeaders = false,
}: {
  limit: number;
  windowMs: number;
  handler: RequestHandler;
  skip?: (req: Request) => boolean;
  standardHeaders?: false | "draft-6";
}): RequestHandler {
  if (limit <= 0) return (_req, _res, next) => next();
  return rateLimit({
    windowMs,
    limit,
    ipv6Subnet: 64,
    standardHeaders,
    legacyHeaders: false,
    handler,
    ...(skip ? { skip } : {}),
    // A visitor may send X-Forwarded-For without a proxy in front: TRUST_PROXY decides whether
    // it counts, so its presence is no misconfiguration to log.
    validate: { xForwardedForHeader: false },
  });
}

/**
 * Counts each post (a recalculation excepted); one over the limit is not answered here but marked (`res.locals.overLeadLimit`)
 * and passed on, so the form's action answers with the spec's message the way it answers any
 * refusal: the page with the message without JavaScript, JSON to a fetcher or the upload.
 */
export function leadRateLimit({
  limit,
  windowMs = LEAD_RATE_WINDOW_MS,
}: {
  limit: number;
  windowMs?: number;
}): RequestHandler {
  return perVisitor({
    limit,
    windowMs,
    skip: (req) => isRecalculation(req.originalUrl),
    handler: (_req, res, next) => {
      res.locals.overLeadLimit = true;
      next();
    },
  });
}

/** Where the ИНН fields ask for companies (app/routes/api.company-suggest.ts). */
export const COMPANY_SUGGEST_PATH = "/api/company-suggest";
export const COMPANY_SUGGEST_WINDOW_MS = 60 * 1000;

/**
 * Company suggestions per visitor (COMPANY_SUGGEST_RATE_LIMIT a minute): each one is a paid call
 * to DaData. One over the limit is answered here, 429 with no suggestions; the form goes on
 * without them, as when the register is down.
 */
export function companySuggestRateLimit({
  limit,
  windowMs = COMPANY_SUGGEST_WINDOW_MS,
}: {
  limit: number;
  windowMs?: number;
}): RequestHandler {
  return perVisitor({
    limit,
    windowMs,
    standardHeaders: "draft-6",
    handler: (req, res) => {
      res
        .status(429)
        .set("Cache-Control", "no-store")
        .json({ q: typeof req.query.q === "string" ? req.query.q : "", items: [] });
    },
  });
}
