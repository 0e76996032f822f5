/**
 * The upgrade import, on SQLite and PostgreSQL, from a DATA_DIR the file store of the previous
 * version wrote (test/fixtures/data-dir-v1, made by that version's server; its README lists the
 * records): unsent ones become due, sent ones are never sent again, the old files are moved aside
 * and a second start imports nothing.
 */
import fs from "node:fs";
import path from "node:path";
import type { Invoice } from "~/lib/invoice";
import { derivedOrderNumber, orderNumberOf } from "~/lib/order-number";
import { issuedInvoice } from "../invoice.server";
import type { LeadRecord } from "../lead-record.server";
import { confirmationOf } from "../mail-outbox.server";
import { freshStore, STORE_KINDS, type TestStore } from "../../test/stores";
import { importFileStore, type OldLead } from "./import.server";
import { loadLead, loadLeadFiles, loadOrder } from "./leads.server";
import { claimDue, recordOutcome } from "./outbox.server";
import { cookieSecret } from "./settings.server";

const FIXTURE = path.resolve("test/fixtures/data-dir-v1");
const read = (file: string) => fs.readFileSync(path.join(FIXTURE, file));
const oldLeads = fs
  .readdirSync(path.join(FIXTURE, "leads"))
  .map((id) => JSON.parse(read(`leads/${id}/lead.json`).toString()) as OldLead & { status: string });
const idsWhere = (test: (lead: (typeof oldLeads)[number]) => boolean) =>
  oldLeads
    .filter(test)
    .map((l) => l.id)
    .sort();
const SITE = { SITE_URL: "https://faw-solontsy.example" };
const mailOf = (lead: OldLead) => confirmationOf(lead as unknown as LeadRecord, SITE);
const invoiceOf = (lead: OldLead) => issuedInvoice(lead as unknown as LeadRecord);

describe.each(STORE_KINDS)("the upgrade import on %s", (kind) => {
  let t: TestStore;
  let dataDir: string;
  beforeEach(async () => {
    t = await freshStore(kind);
    dataDir = t.config.dataDir;
    fs.cpSync(FIXTURE, dataDir, { recursive: true });
  });
  afterEach(async () => {
    await t.drop();
  });

  it("takes every record once: unsent ones due, sent ones never again, the old files moved aside", async () => {
    const report = await importFileStore(t.store, dataDir, { mailOf, invoiceOf });
    const orders = oldLeads.filter((l) => l.order);
    const consentLines = read("consents/2026-12.jsonl").toString().trim().split("\n");
    // Two e-mails on disk, and the undelivered order E's, written now as it was on delivery then.
    expect(report).toMatchObject({
      leads: oldLeads.length,
      orders: orders.length,
      mails: 3,
      consents: consentLines.length,
    });

    const due = await claimDue(t.store, "leads", { ttlMs: 30_000, owner: "a", limit: 100 });
    expect(due.map((r) => r.id).sort()).toEqual(idsWhere((l) => l.status === "undelivered" || l.status === "pending"));
    for (const id of idsWhere((l) => ["delivered", "kept", "replaced"].includes(l.status))) {
      const row = (await loadLead(t.store, id))!;
      expect(row.due_at).toBeNull();
    }
    // The same bytes as before: the request as written, the files as uploaded.
    const parts = oldLeads.find((l) => l.request.kind === "multipart" && l.status === "undelivered")!;
    const [file] = await loadLeadFiles(t.store, parts.id);
    expect(Buffer.compare(Buffer.from(file.data), read(`leads/${parts.id}/files/1`))).toBe(0);
    const fields = (JSON.parse((await loadLead(t.store, parts.id))!.request) as { fields: unknown }).fields;
    expect(fields).toEqual((parts.request as { fields: unknown }).fields);

    for (const order of orders) {
      const row = (await loadOrder(t.store, { number: orderNumberOf(order) }))!;
      expect(row.id).toBe(order.id);
      // Frozen as the invoice read at the upgrade, for the orders that asked for one.
      const invoice = row.invoice === null ? undefined : (JSON.parse(row.invoice) as Invoice);
      expect(invoice?.title.includes(orderNumberOf(order))).toBe(
        (order as unknown as LeadRecord).order?.customer?.invoice === true ? true : undefined,
      );
    }
    // The delivered order's undelivered e-mail goes; an e-mail of an order not yet delivered waits for it.
    const mailsDue = await claimDue(t.store, "mails", { ttlMs: 30_000, owner: "a", all: true });
    const undeliveredMail = JSON.parse(
      fs
        .readdirSync(path.join(FIXTURE, "mail"))
        .map((id) => read(`mail/${id}/message.json`).toString())
        .find((m) => m.includes('"undelivered"'))!,
    ) as { id: string };
    expect(mailsDue.map((m) => m.id)).toEqual([undeliveredMail.id]);
    const orderE = due.find((r) => r.form === "order")!;
    await recordOutcome(t.store, "leads", orderE, { status: "delivered" }, { owner: "a" });
    expect((await claimDue(t.store, "mails", { ttlMs: 30_000, owner: "b", all: true })).map((m) => m.id)).toEqual([
      orderE.id,
    ]);

    // The old secret keeps signing: the cookies visitors hold stay valid.
    expect(await cookieSecret(t.store)).toBe(read("cookie-secret").toString().trim());
    const consents = await t.store.db.selectFrom("consents").selectAll().where("lead_id", "is not", null).execute();
    expect(consents.map((c) => c.lead_id).sort()).toEqual(idsWhere((l) => l.form === "parts-list"));

    for (const name of ["leads", "mail", "consents", "order-numbers", "cookie-secret"]) {
      expect(fs.existsSync(path.join(dataDir, name))).toBe(false);
      expect(fs.existsSync(path.join(report.movedTo!, name))).toBe(true);
    }
    expect(read("cookie-secret").equals(fs.readFileSync(path.join(report.movedTo!, "cookie-secret")))).toBe(true);
    expect(await importFileStore(t.store, dataDir, { mailOf, invoiceOf })).toEqual({
      leads: 0,
      orders: 0,
      mails: 0,
      consents: 0,
    });
  });

  it("imports nothing twice when the files were not moved yet (a crash after the import's commit)", async () => {
    await importFileStore(t.store, dataDir, { mailOf, invoiceOf });
    fs.cpSync(FIXTURE, dataDir, { recursive: true });
    expect(await importFileStore(t.store, dataDir, { mailOf, invoiceOf })).toMatchObject({
      leads: 0,
      orders: 0,
      mails: 0,
      consents: 0,
    });
  });
  it("keeps the numbers of orders written before numbers were drawn: derived from their ids, as given then", async () => {
    const earlier = path.resolve("test/fixtures/data-dir-v1-without-order-numbers");
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.cpSync(earlier, dataDir, { recursive: true });
    const orders = fs
      .readdirSync(path.join(earlier, "leads"))
      .map((id) => JSON.parse(fs.readFileSync(path.join(earlier, "leads", id, "lead.json"), "utf8")) as OldLead)
      .filter((lead) => lead.order);
    expect(orders.length).toBeGreaterThan(0);
    const report = await importFileStore(t.store, dataDir, { mailOf, invoiceOf });
    expect(report.orders).toBe(orders.length);
    for (const order of orders) {
      expect(order.order?.number).toBeUndefined();
      expect((await loadOrder(t.store, { number: derivedOrderNumber(order.id) }))?.id).toBe(order.id);
    }
  });
});
