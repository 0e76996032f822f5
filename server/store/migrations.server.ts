/**
 * The store's migrations, in code: the server is bundled into one file, so there is no folder
 * for Kysely's Migrator to read. Each is written once for both databases; where they differ
 * (`blob` and `bytea`), the column type is chosen by the dialect. A migration is never edited
 * once released: a change is a new one.
 */
import { type Kysely, type Migration, type MigrationProvider } from "kysely";

type Kind = "sqlite" | "postgres";

function initial(kind: Kind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const outbox = (name: string) =>
        db.schema
          .createTable(name)
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("attempts", "text", (c) => c.notNull().defaultTo("[]"))
          .addColumn("attempt_count", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("due_at", "text")
          .addColumn("claim_owner", "text")
          .addColumn("claim_until", "text")
          .addColumn("delivered_at", "text")
          .addColumn("failed_at", "text");
      await outbox("leads")
        .addColumn("form", "text", (c) => c.notNull())
        .addColumn("request", "text", (c) => c.notNull())
        .addColumn("may_have_reached", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("replaces", "text")
        .addColumn("replaced_by", "text")
        .execute();
      await db.schema.createIndex("leads_due").on("leads").columns(["due_at"]).execute();
      await db.schema.createIndex("leads_status").on("leads").columns(["status", "created_at"]).execute();
      await db.schema
        .createTable("lead_files")
        .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("data", kind === "postgres" ? "bytea" : "blob", (c) => c.notNull())
        .addPrimaryKeyConstraint("lead_files_pk", ["lead_id", "position"])
        .execute();
      await db.schema
        .createTable("orders")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("number", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("invoice", "text")
        .execute();
      await db.schema.createIndex("orders_created").on("orders").columns(["created_at"]).execute();
      await outbox("mails")
        .addColumn("message", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("mails_due").on("mails").columns(["due_at"]).execute();
      await db.schema
        .createTable("consents")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("ip", "text", (c) => c.notNull())
        .addColumn("form", "text", (c) => c.notNull())
        .addColumn("version", "text", (c) => c.notNull())
        .addColumn("lead_id", "text")
        .execute();
      await db.schema.createIndex("consents_lead").on("consents").columns(["lead_id"]).execute();
      await db.schema.createIndex("consents_at").on("consents").columns(["at"]).execute();
      await db.schema
        .createTable("settings")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("lead_traces")
        .addColumn("hash", "text", (c) => c.primaryKey())
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("lead_id", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("lead_traces_at").on("lead_traces").columns(["at"]).execute();
    },
  };
}

/**
 * What 1C says of the orders: the time 1C confirmed it has an order (`exported_at`, null until
 * then: such an order is offered at every query), the statuses 1C sent back, one row per change,
 * and which order a status e-mail belongs to (a confirmation's id is its order's own).
 */
const orderStatuses: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("orders").addColumn("exported_at", "text").execute();
    await db.schema.createIndex("orders_exported").on("orders").columns(["exported_at", "created_at"]).execute();
    await db.schema
      .createTable("order_statuses")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("order_id", "text", (c) => c.notNull())
      .addColumn("status", "text")
      .addColumn("cancelled", "integer")
      .addColumn("paid_at", "text")
      .addColumn("shipped_at", "text")
      .addColumn("shipment_number", "text")
      .addColumn("received_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("order_statuses_order")
      .on("order_statuses")
      .columns(["order_id", "received_at"])
      .execute();
    await db.schema.alterTable("mails").addColumn("order_id", "text").execute();
    await db.schema.createIndex("mails_order").on("mails").columns(["order_id"]).execute();
  },
};

/**
 * The parts 1C delivers (docs/decisions/018): one row per `Ид`, kept with its slug after it leaves
 * the catalogue (`listed` 0), so a part that comes back has its old address. Goods of an import
 * wait in `onec_staged` until the file's commit, the catalogue serving unchanged meanwhile.
 */
function onecCatalogue(kind: Kind): Migration {
  const money = kind === "postgres" ? "double precision" : "real";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("onec_parts")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("group_name", "text", (c) => c.notNull())
        .addColumn("part", "text", (c) => c.notNull())
        .addColumn("price", money, (c) => c.notNull().defaultTo(0))
        .addColumn("balance", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("listed", "integer", (c) => c.notNull())
        .addColumn("full_exchange", "text")
        .execute();
      await db.schema
        .createTable("onec_staged")
        .addColumn("batch", "text", (c) => c.notNull())
        .addColumn("id", "text", (c) => c.notNull())
        .addColumn("seq", "integer", (c) => c.notNull())
        .addColumn("slug", "text", (c) => c.notNull())
        .addColumn("group_name", "text", (c) => c.notNull())
        .addColumn("part", "text", (c) => c.notNull())
        .addColumn("deleted", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("onec_staged_pk", ["batch", "id"])
        .execute();
      await db.schema
        .createTable("onec_offers_staged")
        .addColumn("batch", "text", (c) => c.notNull())
        .addColumn("id", "text", (c) => c.notNull())
        .addColumn("price", money)
        .addColumn("balance", "integer")
        .addPrimaryKeyConstraint("onec_offers_staged_pk", ["batch", "id"])
        .execute();
      await db.schema.createIndex("onec_staged_seq").on("onec_staged").columns(["batch", "seq"]).execute();
      await db.schema
        .createIndex("onec_parts_listed")
        .on("onec_parts")
        .columns(["listed", "group_name", "id"])
        .execute();
    },
  };
}

/**
 * The pictures 1C uploads with the catalogue, kept in the store so that every server serves them
 * (server/store/onec-pictures.server.ts): one row per path in the exchange's folder, with its
 * bytes, type and hash (the ETag); `source` is the size and time of the file it was read from,
 * so an unchanged file is not read again, `full_exchange` the exchange whose full files last
 * named it (a full catalogue removes the others).
 */
function onecPictures(kind: Kind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("onec_pictures")
        .addColumn("path", "text", (c) => c.primaryKey())
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("etag", "text", (c) => c.notNull())
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("full_exchange", "text")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("data", kind === "postgres" ? "bytea" : "blob", (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * A second table of 1C's parts, the same shape as `onec_parts`: a big commit writes the next
 * catalogue into the table not serving, a slice at a time, and then names it in the catalogue's
 * state in one short transaction (server/store/onec-catalogue.server.ts). The two take turns.
 */
function onecSecondTable(kind: Kind): Migration {
  const money = kind === "postgres" ? "double precision" : "real";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("onec_parts_b")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("group_name", "text", (c) => c.notNull())
        .addColumn("part", "text", (c) => c.notNull())
        .addColumn("price", money, (c) => c.notNull().defaultTo(0))
        .addColumn("balance", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("listed", "integer", (c) => c.notNull())
        .addColumn("full_exchange", "text")
        .execute();
      await db.schema
        .createIndex("onec_parts_b_listed")
        .on("onec_parts_b")
        .columns(["listed", "group_name", "id"])
        .execute();
    },
  };
}

/**
 * The migrations of this version, by name (applied in name order). Each stands alone, so one
 * released after another with a higher name is still applied (`allowUnorderedMigrations`).
 */
export function migrationProvider(kind: Kind): MigrationProvider {
  return {
    getMigrations: () =>
      Promise.resolve({
        "001-initial": initial(kind),
        "002-onec-catalogue": onecCatalogue(kind),
        "003-order-statuses": orderStatuses,
        "004-onec-pictures": onecPictures(kind),
        "005-onec-second-table": onecSecondTable(kind),
      }),
  };
}
