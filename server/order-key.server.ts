/**
 * The order form's one-time key: a new order id, signed with the cookie secret, put in the form by
 * the make-order loader and given back with the typed values after a failure. The action takes
 * the order under that id, so the same form sent twice (a double click without JavaScript, a try
 * again after the notify service failed) is one order. Signed, so a key names only an id this
 * server handed out, never one made up or copied from another order.
 */
import crypto from "node:crypto";
import { isLeadId, newLeadId } from "./lead-record.server";

function tag(secret: string, id: string): string {
  return crypto.createHmac("sha256", secret).update(`order-key:${id}`).digest("base64url");
}

export function issueOrderKey(secrets: string[]): string {
  return orderKeyOf(newLeadId(), secrets);
}

/** The key of an order id this server took already (the order that replaced a customer's earlier one). */
export function orderKeyOf(id: string, secrets: string[]): string {
  return `${id}.${tag(secrets[0], id)}`;
}

/** The order id a key names, when this server signed it (with any of its secrets). */
export function orderIdOfKey(key: unknown, secrets: string[]): string | undefined {
  if (typeof key !== "string") return undefined;
  const [id, signature, ...rest] = key.split(".");
  if (rest.length > 0 || !id || !signature || !isLeadId(id)) return undefined;
  const given = Buffer.from(signature);
  const signed = secrets.some((secret) => {
    const expected = Buffer.from(tag(secret, id));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
  return signed ? id : undefined;
}
