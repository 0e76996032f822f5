/**
 * A form posted from another site. Remix aborts such an action (its check against cross-site
 * request forgery: the `Origin` host must be the `X-Forwarded-Host` or `Host` the server got) by
 * throwing, which the visitor sees as a 500. Here the same rule answers first with a 403 and a
 * Russian sentence, and the log says once what to look at when the site's own forms meet it: a
 * proxy that does not pass the visitor's `Host` on (nginx: `proxy_set_header Host $host`).
 */
import type { RequestHandler } from "express";
import { log } from "./log.server";

export const FOREIGN_ORIGIN_MESSAGE =
  "Форма отправлена не со страницы сайта, запрос отклонён. Откройте сайт и отправьте форму ещё раз.";

/** The host the server was asked for, as Remix reads it. */
function requestedHost(headers: Record<string, string | string[] | undefined>): string | undefined {
  const forwarded = String(headers["x-forwarded-host"] ?? "")
    .split(",")[0]
    .trim();
  return forwarded || (typeof headers.host === "string" ? headers.host : undefined);
}

/** The host of an `Origin` header ('null' as such), or undefined when it is not a URL. */
function originHost(origin: string): string | undefined {
  if (origin === "null") return origin;
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

export function refuseForeignOrigin(): RequestHandler {
  let said = false;
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (req.method === "GET" || req.method === "HEAD" || !origin) return next();
    const host = requestedHost(req.headers);
    if (host && originHost(origin) === host) return next();
    if (!said) {
      said = true;
      log.warn("form posted from another origin, refused", {
        origin,
        host,
        hint: "if the site's own forms get this, the proxy does not pass the visitor's Host on",
      });
    }
    res.status(403).set({ "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" });
    res.end(FOREIGN_ORIGIN_MESSAGE);
  };
}
