/**
 * A lead or an order as the site's code sees it, read from the store (server/store/): what is
 * sent (the notify body, the same bytes on every attempt), its state and attempts, and an
 * order's lines as ordered (never sent: the notify body is the spec's).
 */
import crypto from "node:crypto";
import { htmlSafeFields, type OutgoingField } from "~/lib/notify-text";
import type { Party } from "~/lib/party";
import type { Attempt } from "./store/outbox.server";
import type { LeadRow } from "./store/leads.server";
import type { OutboxStatus } from "./store/schema";

export interface NotifyField {
  key: string;
  value: string;
}

export interface StoredFile {
  /** The visitor's file name, as sent onward. */
  name: string;
  type: string;
  size: number;
  /** Where the upload was streamed to, relative to its folder (until the lead is written). */
  path: string;
}

export type NotifyRequest =
  | { kind: "json"; body: { name: string; fields: NotifyField[] } }
  | { kind: "multipart"; name: string; fields: NotifyField[]; files: Omit<StoredFile, "path">[] };

/**
 * pending: written, its first send in flight; delivered: the notify service said yes;
 * undelivered: the last attempt failed, retried in the background; failed: given up after 7 days
 * (kept); kept: no notify service configured; replaced: an order whose send failed, withdrawn by
 * the customer's next order (`replacedBy`), never sent again.
 */
export type LeadStatus = OutboxStatus;

export interface OrderSummary {
  /**
   * The number the customer is given ('4821-0937', app/lib/order-number.ts), unique among orders;
   * missing in orders kept before numbers were drawn, whose number is derived from the id.
   */
  number?: string;
  /** `article` is missing in orders kept before it was recorded. */
  lines: { id: string; slug: string; name: string; article?: string; price: number; amount: number }[];
  /** What the customer pays: the goods and the delivery. */
  total: number;
  /** How the order is delivered, what that costs, and where to. */
  delivery?: { label: string; cost: number; address?: string; carrier?: string; city?: string };
  /** The buyer's company as DaData's register knows it from the ИНН, when it was found (the invoice's buyer). */
  company?: Party;
  /** Who ordered, for the invoice and the confirmation e-mail. */
  customer?: { name: string; inn: string; email: string; invoice: boolean };
  /** The customer's earlier order, whose send failed, that this one replaces. */
  replaces?: string;
}

export interface LeadRecord {
  /** A UUID: the notify service's Idempotency-Key. */
  id: string;
  form: string;
  createdAt: string;
  status: LeadStatus;
  request: NotifyRequest;
  attempts: Attempt[];
  /** An attempt was abandoned mid-way and may have reached the service: never replaced by a correction. */
  mayHaveReached?: true;
  replacedBy?: string;
  order?: OrderSummary;
}

export function newLeadId(): string {
  return crypto.randomUUID();
}

const ID_PATTERN = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{14}-[0-9a-f]{10})$/;

export function isLeadId(id: string): boolean {
  return ID_PATTERN.test(id);
}

/** Taken for good: the notify service said yes (`delivered`), or, with none configured, kept (`kept`). */
export function isTaken(status: LeadStatus | undefined): boolean {
  return status === "delivered" || status === "kept";
}

/** Not sent yet, and may still be (the retry, the visitor's send again, `leads:resend`). */
export function unsent(status: LeadStatus): boolean {
  return status === "pending" || status === "undelivered" || status === "failed";
}

/** A JSON lead's request; every value but the site's markup escaped as HTML text, once, when written. */
export function jsonRequest(body: { name: string; fields: OutgoingField[] }): NotifyRequest {
  return { kind: "json", body: { name: body.name, fields: htmlSafeFields(body.fields) } };
}

/** The record of a lead row (and its order's data). */
export function leadRecordOf(row: LeadRow, orderData?: string): LeadRecord {
  return {
    id: row.id,
    form: row.form,
    createdAt: row.created_at,
    status: row.status,
    request: JSON.parse(row.request) as NotifyRequest,
    attempts: JSON.parse(row.attempts) as Attempt[],
    ...(row.may_have_reached ? { mayHaveReached: true as const } : {}),
    ...(row.replaced_by ? { replacedBy: row.replaced_by } : {}),
    ...(orderData ? { order: JSON.parse(orderData) as OrderSummary } : {}),
  };
}
