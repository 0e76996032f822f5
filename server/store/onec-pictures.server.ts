/**
 * The pictures 1C uploads, kept in the store so that every server serves them (docs/decisions/018):
 * the exchange's server reads each file its goods name, one at a time (a few MB of them are written
 * together), and writes it here with its type and hash; /1c-files/… on any server reads it back. A file read before (same size and time)
 * is not read again; a changed one replaces the picture, its hash and so its ETag.
 */
import crypto from "node:crypto";
import type { Stats } from "node:fs";
import fsp from "node:fs/promises";
import { errorMessage, log } from "../log.server";
import type { PictureShelf } from "../onec/pictures.server";
import type { PictureFile, PictureSink } from "../onec/ports.server";
import type { Insertable } from "kysely";
import type { StoreDb } from "./db.server";
import type { OnecPictureTable } from "./schema";

/** A bigger picture is left out (with a line in the log): nobody waits for it on a part page. */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;

/** Paths per look-up: well under SQLite's and PostgreSQL's limits on bound values. */
const PATHS_PER_QUERY = 500;

/** Bytes of pictures read before they are written together. */
const WRITE_BYTES = 4 * 1024 * 1024;

function etagOf(data: Uint8Array): string {
  return `"${crypto.createHash("sha256").update(data).digest("base64url")}"`;
}

export interface StorePictureOptions {
  now?: () => Date;
}

/** What reading one picture's file came to. */
type Reading =
  | { kind: "kept" } // stored as it is (unchanged, or no file here to replace it)
  | { kind: "skipped" } // not stored: no file and none before, too big, unreadable
  | { kind: "source"; source: string } // the same bytes in a new file: only its source changes
  | { kind: "new"; row: Insertable<OnecPictureTable> };

export function createStorePictures(store: StoreDb, options: StorePictureOptions = {}): PictureSink & PictureShelf {
  const now = options.now ?? (() => new Date());

  /** Reads one picture's file (`stat` its file's, undefined when there is none), if it changed; writes nothing. */
  async function read(
    picture: PictureFile,
    stat: Stats | undefined,
    known: { source: string; etag: string } | undefined,
    full: string | null,
  ): Promise<Reading> {
    if (!stat?.isFile()) return { kind: known ? "kept" : "skipped" };
    if (stat.size > MAX_PICTURE_BYTES) {
      log.warn("1C exchange: picture over the size limit left out", {
        picture: picture.key,
        bytes: stat.size,
        limit: MAX_PICTURE_BYTES,
      });
      return { kind: "skipped" };
    }
    const source = `${stat.size}:${Math.trunc(stat.mtimeMs)}`;
    if (known?.source === source) return { kind: "kept" };
    let data: Buffer;
    try {
      data = await fsp.readFile(picture.file);
    } catch (error) {
      log.warn("1C exchange: picture not read", { picture: picture.key, error: errorMessage(error) });
      return { kind: known ? "kept" : "skipped" };
    }
    if (data.byteLength > MAX_PICTURE_BYTES) return { kind: "skipped" };
    const etag = etagOf(data);
    // The same bytes again (1C sends every picture with a full catalogue): only the source changes.
    if (known?.etag === etag) return { kind: "source", source };
    return {
      kind: "new",
      row: {
        path: picture.key,
        content_type: picture.type,
        size: data.byteLength,
        etag,
        source,
        full_exchange: full,
        updated_at: now().toISOString(),
        data,
      },
    };
  }

  return {
    async keep(pictures, { onlyChanges, exchange }) {
      const full = onlyChanges ? null : exchange;
      // Pictures read and not yet written, at most WRITE_BYTES of them (or one bigger picture):
      // written in one transaction, which holds the store only for the writes (a commit each
      // would wait on the disk once per picture).
      let rows: Insertable<OnecPictureTable>[] = [];
      let sources: { path: string; source: string }[] = [];
      let kept: string[] = [];
      let bytes = 0;
      const flush = async () => {
        if (rows.length === 0 && sources.length === 0 && kept.length === 0) return;
        const [written, moved, named] = [rows, sources, kept];
        rows = [];
        sources = [];
        kept = [];
        bytes = 0;
        await store.db.transaction().execute(async (trx) => {
          for (const row of written) {
            await trx
              .insertInto("onec_pictures")
              .values(row)
              .onConflict((oc) =>
                oc.column("path").doUpdateSet({
                  content_type: (eb) => eb.ref("excluded.content_type"),
                  size: (eb) => eb.ref("excluded.size"),
                  etag: (eb) => eb.ref("excluded.etag"),
                  source: (eb) => eb.ref("excluded.source"),
                  updated_at: (eb) => eb.ref("excluded.updated_at"),
                  data: (eb) => eb.ref("excluded.data"),
                }),
              )
              .execute();
          }
          for (const { path, source } of moved) {
            await trx.updateTable("onec_pictures").set({ source }).where("path", "=", path).execute();
          }
          // A full file names them: they stay when it replaces the catalogue.
          if (full !== null && named.length > 0) {
            await trx.updateTable("onec_pictures").set({ full_exchange: full }).where("path", "in", named).execute();
          }
        });
      };
      for (let from = 0; from < pictures.length; from += PATHS_PER_QUERY) {
        const slice = pictures.slice(from, from + PATHS_PER_QUERY);
        const known = new Map(
          (
            await store.db
              .selectFrom("onec_pictures")
              .select(["path", "source", "etag"])
              .where(
                "path",
                "in",
                slice.map((p) => p.key),
              )
              .execute()
          ).map((row) => [row.path, row]),
        );
        // The files' sizes and times all at once (they are small answers); the files themselves one at a time.
        const stats = await Promise.all(slice.map((p) => fsp.stat(p.file).catch(() => undefined)));
        for (const [i, picture] of slice.entries()) {
          const reading = await read(picture, stats[i], known.get(picture.key), full);
          if (reading.kind === "skipped") continue;
          kept.push(picture.key);
          if (reading.kind === "source") sources.push({ path: picture.key, source: reading.source });
          if (reading.kind === "new") {
            rows.push(reading.row);
            bytes += reading.row.size;
            if (bytes >= WRITE_BYTES) await flush();
          }
        }
        await flush();
      }
    },

    async prune(exchange) {
      const gone = await store.db
        .deleteFrom("onec_pictures")
        .where((eb) => eb.or([eb("full_exchange", "is", null), eb("full_exchange", "!=", exchange)]))
        .executeTakeFirst();
      const count = Number(gone.numDeletedRows);
      if (count > 0) log.info("1C exchange: pictures no part names removed", { count });
    },

    async etagOf(key) {
      const row = await store.db.selectFrom("onec_pictures").select("etag").where("path", "=", key).executeTakeFirst();
      return row?.etag;
    },

    async get(key) {
      const row = await store.db
        .selectFrom("onec_pictures")
        .select(["content_type", "etag", "data"])
        .where("path", "=", key)
        .executeTakeFirst();
      return row && { contentType: row.content_type, etag: row.etag, data: row.data };
    },
  };
}
