/**
 * Requests the framework cannot take, answered before it reaches them, in Russian: a method no
 * page has (Fetch's Request refuses TRACE and CONNECT outright, which Remix's adapter turned into
 * a 500), a Host or X-Forwarded-Host no URL can be made of (the adapter builds the request's URL
 * from them), a path with repeated slashes ('//' broke the site's links while rendering), sent
 * to its one address, and a path that does not decode, sent where unknown pages go. Anything that still throws outside Remix gets a Russian page, not Express's
 * English one with a stack in the log.
 */
import type { ErrorRequestHandler, RequestHandler, Response as ExpressResponse } from "express";
import { errorMessage, log } from "./log.server";

export const ODD_REQUEST_MESSAGES = {
  method: "Сайт не принимает запросы этим методом.",
  badRequest: "Не удалось разобрать запрос. Проверьте адрес страницы.",
  serverError: "Что-то пошло не так. Попробуйте обновить страницу чуть позже.",
} as const;

/** The methods of the site's pages and forms. */
const METHODS = new Set(["GET", "HEAD", "POST"]);

function answer(res: ExpressResponse, status: number, text: string, headers: Record<string, string> = {}) {
  res
    .status(status)
    .set({ "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8", ...headers })
    .end(text);
}

/**
 * The answer of a resource address (a feed, the sitemap, a suggestion or upload endpoint) asked
 * with a method of the site it does not take, as its route's missing `loader` or `action`: Remix
 * itself would answer in English JSON.
 */
export function wrongMethod(allow: string): Response {
  return new Response(ODD_REQUEST_MESSAGES.method, {
    status: 405,
    headers: { Allow: allow, "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** Whether `url` is one. */
function parses(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

/** The port Remix's Express adapter reads from a host header: the whole number after its first ':'. */
function portOf(header: string | undefined): number | undefined {
  const port = Number.parseInt((header ?? "").split(":")[1], 10);
  return Number.isSafeInteger(port) ? port : undefined;
}

/**
 * Whether Remix's Express adapter can make the request's URL of these headers: the host (Host, or
 * the first of X-Forwarded-Host behind a trusted proxy) and the port it reads from X-Forwarded-Host,
 * else from Host.
 */
function hostsMakeUrl(host: string | undefined, forwarded: string | undefined): boolean {
  for (const name of [host, forwarded?.split(",")[0].trim()])
    if (name !== undefined && !parses(`http://${name}/`)) return false;
  const port = portOf(forwarded) ?? portOf(host);
  return port === undefined || (port >= 0 && port <= 65_535);
}

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export function refuseOddRequests(): RequestHandler {
  return (req, res, next) => {
    if (!METHODS.has(req.method)) return answer(res, 405, ODD_REQUEST_MESSAGES.method, { Allow: "GET, HEAD, POST" });
    const forwarded = req.headers["x-forwarded-host"];
    if (!hostsMakeUrl(req.headers.host, Array.isArray(forwarded) ? forwarded.join(",") : forwarded))
      return answer(res, 400, ODD_REQUEST_MESSAGES.badRequest);
    const at = req.originalUrl.indexOf("?");
    const pathname = at < 0 ? req.originalUrl : req.originalUrl.slice(0, at);
    // A backslash among them too: browsers read '/\host' as '//host', another site.
    if (/[/\\]{2,}/.test(pathname))
      return res.redirect(301, pathname.replace(/[/\\]{2,}/g, "/") + (at < 0 ? "" : req.originalUrl.slice(at)));
    // A path no text decodes from ('%FF') names no page: where an unknown page goes, without the
    // router's warnings about it in the log.
    if (!decodes(pathname)) return res.redirect(302, "/not-found");
    next();
  };
}

/** The last handler: what threw outside Remix (a body Express could not read, say), in Russian. */
export const russianErrors: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);
  const given = Number((error as { status?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode);
  const status = given >= 400 && given < 600 ? given : 500;
  if (status >= 500)
    log.error("request failed outside the site's routes", { path: req.path, error: errorMessage(error) });
  answer(res, status, status < 500 ? ODD_REQUEST_MESSAGES.badRequest : ODD_REQUEST_MESSAGES.serverError);
};
