/** What a failed notify attempt may have left with the service (decision 009's corrections). */

/** Codes of a connection that never opened: nothing of the request reached anyone. */
const NEVER_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/**
 * Whether a failed attempt certainly left nothing with the service: an HTTP error the service
 * itself gives for a request it did not take (4xx, 500, 501, 503; a gateway's 502 or 504 says
 * nothing of the service behind it), or a connection that never opened. A timeout or a
 * connection lost mid-way may have delivered it.
 */
export function nothingTaken(status: number | undefined, error: unknown): boolean {
  if (status !== undefined)
    return (status >= 400 && status < 500) || status === 500 || status === 501 || status === 503;
  const cause = (error as { cause?: { code?: string; errors?: { code?: string }[] } } | undefined)?.cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  return code !== undefined && NEVER_CONNECTED.has(code);
}
