/**
 * What every form post of the site (the leads and the order) does the same way: the per-visitor
 * limit, a size cap on plain bodies, only the form's own fields for the validator, and the
 * error answer that gives back what the visitor typed.
 */
import type { AppLoadContext, TypedResponse } from "@remix-run/node";
import { RECALCULATE_INTENT } from "~/lib/form-intents";
import { HONEYPOT_FIELD, RATE_LIMITED_MESSAGE } from "~/lib/lead-forms";

const MAX_URLENCODED_BYTES = 64 * 1024;

/**
 * JSON that gives back what a visitor typed, with `<`, `>` and `&` written as \u escapes: the same
 * data once parsed, but no answer of the site ever carries a visitor's markup as it was typed (a
 * response a browser might sniff as HTML, a proxy's error page quoting it).
 */
export function typedJson<T>(data: T, init: ResponseInit = {}): TypedResponse<T> {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  const body = JSON.stringify(data).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return new Response(body, { ...init, headers }) as TypedResponse<T>;
}

/** The spec's error for the form, with what was typed so a page rendered without JavaScript keeps it. */
export function fail(message: string, status: number, values?: Record<string, string>, headers?: HeadersInit) {
  return typedJson({ formError: message, values }, { status, headers });
}

/**
 * What was typed, to give back after a failure, and the consent box as it was left: the visitor
 * told to send the form again sends it as they agreed to it. Never the honeypot.
 */
export function textValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value !== "string" || key === HONEYPOT_FIELD) continue;
    if (key === "consent") {
      if (value === "on") out.consent = "on";
    } else out[key] = value.slice(0, 2000);
  }
  return out;
}

/**
 * A post made only to show the form again with new figures (RECALCULATE_INTENT): said by the URL
 * (the upload reads it before its body) or by the button's own field.
 */
export function isRecalculation(request: Request, form?: FormData): boolean {
  return (
    new URL(request.url).searchParams.get("intent") === RECALCULATE_INTENT || form?.get("intent") === RECALCULATE_INTENT
  );
}

/** Everything typed, the consent box as it was left, to show the form again after a recalculation. */
export function recalculated(form: FormData) {
  const values = textValues(form);
  delete values.intent;
  return typedJson({ values, recalculated: true as const }, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * Only the form's own fields, first value of each, as strings. remix-validated-form reads names
 * like `name[]` or `a.b` as paths and throws a TypeError (a 500) on a clash such as `name` plus
 * `name[]`; crafted bodies must not reach it.
 */
export function onlyFields(form: FormData, names: readonly string[]): FormData {
  const out = new FormData();
  for (const name of names) {
    const value = form.get(name);
    if (typeof value === "string") out.set(name, value);
  }
  return out;
}

/**
 * A plain form body, refused (null) when it is larger than any real form: by its Content-Length,
 * or, sent in chunks without one, once more than that has come. Nothing more is read then; the
 * answer closes the connection (`Connection: close`), and the rest is never held in memory.
 * Garbage reads as an empty form.
 */
export async function readSmallForm(request: Request): Promise<FormData | null> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_URLENCODED_BYTES) return null;
  const bytes = await readAtMost(request, MAX_URLENCODED_BYTES);
  if (!bytes) return null;
  const type = request.headers.get("Content-Type") ?? "";
  return new Response(bytes, { headers: { "Content-Type": type } }).formData().catch(() => new FormData());
}

/**
 * The body's bytes, or null once more than `max` have come. The stream is left unread, not
 * cancelled: cancelling it would destroy the socket before the answer is written.
 */
async function readAtMost(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        const bytes = new Uint8Array(total);
        let at = 0;
        for (const chunk of chunks) {
          bytes.set(chunk, at);
          at += chunk.byteLength;
        }
        return bytes;
      }
      total += value.byteLength;
      if (total > max) return null;
      chunks.push(value);
    }
  } catch {
    return new Uint8Array();
  } finally {
    reader.releaseLock();
  }
}

/**
 * A post's place in its visitor's count of leads and orders (LEAD_RATE_LIMIT, one count for both,
 * server/rate-limit.server.ts): taken where the action is about to take the post, after answering
 * a recalculation, which sends nothing; given back at most once.
 */
export interface PostCount {
  /** Counts the post; true when it is over the visitor's limit (then it is answered `rateLimited`). */
  over(): Promise<boolean>;
  /** Gives the count back, if it was taken: the post came back for the visitor's own mistakes, or was not taken. */
  giveBack(): Promise<void>;
}

export function postCount(context: AppLoadContext): PostCount {
  const { services, clientIp } = context;
  let counted = false;
  return {
    async over() {
      if (await services.leadLimit.over(clientIp)) return true;
      counted = true;
      return false;
    },
    async giveBack() {
      if (!counted) return;
      counted = false;
      await services.leadLimit.refund(clientIp);
    },
  };
}

/**
 * Counts the post (see PostCount); over the limit, the spec's refusal with what the visitor typed
 * (`values`), so a form shown again without JavaScript keeps it.
 */
export async function overLimit(count: PostCount, values?: Record<string, string>) {
  return (await count.over()) ? rateLimited(values) : null;
}

/**
 * The action's answer to a post counted by `count`. A 503 (the store away, its disk full) gives
 * the count back, as express-rate-limit's `skipFailedRequests` leaves a failed request uncounted:
 * the site did not take the post, and a visitor who tried again through an outage is not locked
 * out after it. Other failures stay counted: a 502 lead is kept and sent later.
 */
export async function uncountedIfRefused<T extends Response>(count: PostCount, answer: Promise<T>): Promise<T> {
  const response = await answer;
  if (response.status === 503) await count.giveBack();
  return response;
}

/** The spec's refusal of a post over the limit, with what the visitor typed (`values`). */
export function rateLimited(values?: Record<string, string>, headers?: Record<string, string>) {
  return fail(RATE_LIMITED_MESSAGE, 429, values, { "Retry-After": "600", ...headers });
}
