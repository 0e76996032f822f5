/**
 * The tables of the store, as Kysely sees them: one schema for SQLite and PostgreSQL. Times are
 * ISO 8601 text in UTC (`toISOString()`: one length, so text order is time order on both), JSON
 * is text, flags are 0/1 integers: the same values read back from either database.
 */
import type { Generated } from "kysely";

/** How far a lead or a message has gone (docs/decisions/009 and 017). */
export type OutboxStatus = "pending" | "delivered" | "undelivered" | "kept" | "failed" | "replaced";

/** What every outbox row (a lead, an order's e-mail) has: its state, its attempts and its claim. */
export interface OutboxColumns {
  /** A UUID: the Idempotency-Key of a lead, the order id of an e-mail. */
  id: string;
  created_at: string;
  status: OutboxStatus;
  /** JSON array of `{ at, ok, error?, status?, refused?, final? }`. */
  attempts: Generated<string>;
  attempt_count: Generated<number>;
  /** When a sender may take it next; null once it needs no sending. */
  due_at: string | null;
  /** The sender holding its current attempt, and until when; an expired claim is taken over. */
  claim_owner: string | null;
  claim_until: string | null;
  delivered_at: string | null;
  failed_at: string | null;
}

export interface LeadTable extends OutboxColumns {
  form: string;
  /** JSON of what is sent: `{ kind: "json", body }` or `{ kind: "multipart", name, fields, files }` (files' bytes in lead_files). */
  request: string;
  /** 1: an attempt was abandoned mid-way and may have reached the service. */
  may_have_reached: Generated<number>;
  /** The failed order this one replaces; the order that replaced this one. */
  replaces: string | null;
  replaced_by: string | null;
}

export interface LeadFileTable {
  lead_id: string;
  position: number;
  name: string;
  type: string;
  size: number;
  data: Buffer;
}

export interface OrderTable {
  /** The order's lead id. */
  id: string;
  /** The number the customer quotes ('NNNN-NNNN'): unique. */
  number: string;
  created_at: string;
  /** JSON of the order as accepted: lines, total, delivery, customer, company. */
  data: string;
  /** JSON of the invoice as issued when the order was accepted; null without one. */
  invoice: string | null;
  /** When 1C confirmed it has the order (`mode=success`); null: offered at every query. */
  exported_at: string | null;
}

/** One change of an order's state as 1C sent it (`type=sale&mode=file`). */
export interface OrderStatusTable {
  id: string;
  order_id: string;
  status: string | null;
  /** 1/0, null when 1C did not say. */
  cancelled: number | null;
  paid_at: string | null;
  shipped_at: string | null;
  shipment_number: string | null;
  received_at: string;
}

export interface MailTable extends OutboxColumns {
  /** JSON of `{ to, subject, text, messageId, invoice }`. */
  message: string;
  /** A status e-mail's order; null for a confirmation, whose id is its order's. */
  order_id: string | null;
}

export interface ConsentTable {
  id: string;
  at: string;
  ip: string;
  form: string;
  version: string;
  /** The lead or order it was given for; null for consents linked to none. */
  lead_id: string | null;
}

export interface SettingTable {
  key: string;
  value: string;
}

/** A lead form's post as seen before: a hash without personal data, and what it became. */
export interface LeadTraceTable {
  hash: string;
  at: string;
  lead_id: string;
}

/** A part from 1C, by its `Ид` (server/store/onec-catalogue.server.ts). */
export interface OnecPartTable {
  id: string;
  /** Made from the name at the first import, kept for the `Ид` ever after. */
  slug: string;
  /** The part's group (the catalogue is read group by group). */
  group_name: string;
  /** JSON of the part without its id, slug, price and balance (name, article, pictures…). */
  part: string;
  price: number;
  balance: number;
  /** 1: on the site; 0: left the catalogue (the row keeps its slug). */
  listed: number;
  /** The exchange whose full files last listed it. */
  full_exchange: string | null;
}

/** Goods of an import not yet committed, by batch. */
export interface OnecStagedTable {
  batch: string;
  /** The order it came in, so the commit takes the batch a slice at a time. */
  seq: number;
  id: string;
  slug: string;
  group_name: string;
  part: string;
  deleted: number;
}

/** Prices and balances of an offers file, written before its commit applies them in one statement. */
export interface OnecOfferStagedTable {
  batch: string;
  id: string;
  /** Null: the offer leaves it as it is. */
  price: number | null;
  balance: number | null;
}

/** A picture 1C uploaded, by its path in the exchange's folder (server/store/onec-pictures.server.ts). */
export interface OnecPictureTable {
  /** As the goods name it: `import_files/ab/ab12….jpg`. */
  path: string;
  content_type: string;
  size: number;
  /** The quoted hash of the bytes, the ETag it is served with. */
  etag: string;
  /** `size:mtime` of the file it was read from: the same file is not read again. */
  source: string;
  /** The exchange whose full files last named it; null when only changes-only files did. */
  full_exchange: string | null;
  updated_at: string;
  data: Buffer;
}

export interface Database {
  leads: LeadTable;
  lead_files: LeadFileTable;
  orders: OrderTable;
  order_statuses: OrderStatusTable;
  mails: MailTable;
  consents: ConsentTable;
  settings: SettingTable;
  lead_traces: LeadTraceTable;
  onec_parts: OnecPartTable;
  /** The other table of 1C's parts: the catalogue's state names the one serving. */
  onec_parts_b: OnecPartTable;
  onec_staged: OnecStagedTable;
  onec_offers_staged: OnecOfferStagedTable;
  onec_pictures: OnecPictureTable;
}
