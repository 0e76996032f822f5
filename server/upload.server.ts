/**
 * Multipart uploads for the parts-list form, streamed to disk part by part. Remix's own
 * handlers cap each part at 3 MB and never the total, so this one counts bytes across all
 * parts and stops at the cap; text fields and the number of parts are capped too.
 */
import fs from "node:fs";
import path from "node:path";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { UPLOAD_MAX_FILES, UPLOAD_MAX_TOTAL_BYTES } from "~/lib/lead-schemas";
import type { StoredFile } from "./lead-store.server";

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413,
  ) {
    super(message);
  }
}

export const UPLOAD_MESSAGES = {
  tooBig: "Файлы не отправлены: их общий объём больше 10 МБ. Уменьшите файлы или отправьте часть из них.",
  tooMany: `Можно прикрепить не больше ${UPLOAD_MAX_FILES} файлов.`,
  malformed: "Не удалось прочитать отправленные файлы. Попробуйте ещё раз.",
} as const;

/** Room for field values and multipart boundaries on top of the files themselves. */
const ENVELOPE_BYTES = 256 * 1024;
const MAX_PARTS = 40;
const MAX_FIELD_BYTES = 16 * 1024;

export function contentLengthTooBig(request: Request, maxFileBytes = UPLOAD_MAX_TOTAL_BYTES): boolean {
  const length = Number(request.headers.get("Content-Length") ?? "0");
  return Number.isFinite(length) && length > maxFileBytes + ENVELOPE_BYTES;
}

function safeFileName(name: string): string {
  const base = path
    .basename(name.replace(/\\/g, "/"))
    .replace(/[\p{Cc}"]/gu, "")
    .trim();
  return (base || "file").slice(0, 180);
}

export async function parseUpload(
  request: Request,
  dir: string,
  maxFileBytes = UPLOAD_MAX_TOTAL_BYTES,
): Promise<{ form: FormData; files: StoredFile[] }> {
  if (!/^multipart\/form-data;\s*boundary=/i.test(request.headers.get("Content-Type") ?? "")) {
    throw new UploadError(UPLOAD_MESSAGES.malformed, 400);
  }
  if (contentLengthTooBig(request, maxFileBytes)) throw new UploadError(UPLOAD_MESSAGES.tooBig, 413);

  const files: StoredFile[] = [];
  let fileBytes = 0;
  let parts = 0;
  const filesDir = path.join(dir, "files");
  fs.mkdirSync(filesDir, { recursive: true });

  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    if (++parts > MAX_PARTS) throw new UploadError(UPLOAD_MESSAGES.tooMany, 413);
    if (filename === undefined) {
      let size = 0;
      const chunks: Uint8Array[] = [];
      for await (const chunk of data) {
        size += chunk.byteLength;
        if (size > MAX_FIELD_BYTES) throw new UploadError(UPLOAD_MESSAGES.malformed, 400);
        chunks.push(chunk);
      }
      return Buffer.concat(chunks).toString("utf8");
    }
    if (name !== "files") {
      // Drain and ignore file parts under unexpected names.
      for await (const _ of data) void _;
      return undefined;
    }
    if (filename === "") {
      for await (const _ of data) void _;
      return undefined;
    }
    if (files.length >= UPLOAD_MAX_FILES) throw new UploadError(UPLOAD_MESSAGES.tooMany, 413);
    const stored = `${files.length + 1}`;
    const target = path.join(filesDir, stored);
    let size = 0;
    await pipeline(
      Readable.from(
        (async function* () {
          for await (const chunk of data) {
            size += chunk.byteLength;
            fileBytes += chunk.byteLength;
            if (fileBytes > maxFileBytes) throw new UploadError(UPLOAD_MESSAGES.tooBig, 413);
            yield chunk;
          }
        })(),
      ),
      fs.createWriteStream(target) as Writable,
    );
    const file: StoredFile = {
      name: safeFileName(filename),
      type: contentType || "application/octet-stream",
      size,
      path: `files/${stored}`,
    };
    files.push(file);
    return file.name;
  };

  try {
    const form = await unstable_parseMultipartFormData(request, handler);
    return { form, files };
  } catch (error) {
    if (error instanceof UploadError) throw error;
    throw new UploadError(UPLOAD_MESSAGES.malformed, 400);
  }
}

/**
 * Reads and discards what is left of a refused request body, up to `maxBytes`, so the client
 * finishes sending and reads our answer (a browser that is cut off mid-upload shows a network
 * error instead of the page's message). Past the limit, or when the body can no longer be read,
 * it gives up: the answer then closes the connection.
 */
export async function drainBody(request: Request, maxBytes = 32 * 1024 * 1024): Promise<boolean> {
  const body = request.body;
  if (!body || body.locked) return false;
  const reader = body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        return false;
      }
    }
  } catch {
    return false;
  }
}
