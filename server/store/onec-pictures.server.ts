/**
 * The pictures 1C uploads, kept in the store so that every server serves them (docs/decisions/018):
 * the exchange's server reads each file its goods name, one at a time, and writes it here with its
 * type and hash; /1c-files/… on any server reads it back. A file read before (same size and time)
 * is not read again; a changed one replaces the picture, its hash and so its ETag.
 */
import crypto from "node:crypto";
import fsp from "node:fs/promises";
import { errorMessage, log } from "../log.server";
import type { PictureShelf } from "../onec/pictures.server";
import type { PictureFile, PictureSink } from "../onec/ports.server";
import type { StoreDb } from "./db.server";

/** A bigger picture is left out (with a line in the log): nobody waits for it on a part page. */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;

/** Paths per look-up: well under SQLite's and PostgreSQL's limits on bound values. */
const PATHS_PER_QUERY = 500;

function etagOf(data: Uint8Array): string {
  return `"${crypto.createHash("sha256").update(data).digest("base64url")}"`;
}

export interface StorePictureOptions {
  now?: () => Date;
}

export function createStorePictures(store: StoreDb, options: StorePictureOptions = {}): PictureSink & PictureShelf {
  const now = options.now ?? (() => new Date());

  /** Puts one picture read from disk; answers whether it is stored now (old or new). */
  async function put(picture: PictureFile, known: { source: string; etag: string } | undefined, full: string | null) {
    const stat = await fsp.stat(picture.file).catch(() => undefined);
    if (!stat?.isFile()) return known !== undefined;
    if (stat.size > MAX_PICTURE_BYTES) {
      log.warn("1C exchange: picture over the size limit left out", {
        picture: picture.key,
        bytes: stat.size,
        limit: MAX_PICTURE_BYTES,
      });
      return false;
    }
    const source = `${stat.size}:${Math.trunc(stat.mtimeMs)}`;
    if (known?.source === source) return true;
    let data: Buffer;
    try {
      data = await fsp.readFile(picture.file);
    } catch (error) {
      log.warn("1C exchange: picture not read", { picture: picture.key, error: errorMessage(error) });
      return known !== undefined;
    }
    if (data.byteLength > MAX_PICTURE_BYTES) return false;
    const etag = etagOf(data);
    if (known?.etag === etag) {
      // The same bytes again (1C sends every picture with a full catalogue): only the source changes.
      await store.db.updateTable("onec_pictures").set({ source }).where("path", "=", picture.key).execute();
      return true;
    }
    const row = {
      path: picture.key,
      content_type: picture.type,
      size: data.byteLength,
      etag,
      source,
      full_exchange: full,
      updated_at: now().toISOString(),
      data,
    };
    await store.db
      .insertInto("onec_pictures")
      .values(row)
      .onConflict((oc) =>
        oc.column("path").doUpdateSet({
          content_type: row.content_type,
          size: row.size,
          etag: row.etag,
          source: row.source,
          updated_at: row.updated_at,
          data: row.data,
        }),
      )
      .execute();
    return true;
  }

  return {
    async keep(pictures, { onlyChanges, exchange }) {
      const full = onlyChanges ? null : exchange;
      for (let from = 0; from < pictures.length; from += PATHS_PER_QUERY) {
        const slice = pictures.slice(from, from + PATHS_PER_QUERY);
        const rows = await store.db
          .selectFrom("onec_pictures")
          .select(["path", "source", "etag"])
          .where(
            "path",
            "in",
            slice.map((p) => p.key),
          )
          .execute();
        const known = new Map(rows.map((row) => [row.path, row]));
        const kept: string[] = [];
        // One at a time: no more than one picture's bytes in memory.
        for (const picture of slice) {
          if (await put(picture, known.get(picture.key), full)) kept.push(picture.key);
        }
        // A full file names them: they stay when it replaces the catalogue.
        if (full !== null && kept.length > 0) {
          await store.db.updateTable("onec_pictures").set({ full_exchange: full }).where("path", "in", kept).execute();
        }
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
