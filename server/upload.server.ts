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
import { FORM_ERROR, MAX_TEXT, UPLOAD_MAX_FILES, UPLOAD_MAX_TOTAL_BYTES } from "~/lib/lead-schemas";
import type { StoredFile } from "./lead-record.server";

export class UploadError extends Error {
  /** The text fields read before the upload was refused, to give back to the visitor. */
  fields: Record<string, string> = {};
  constructor(
    message: string,
    readonly status: 400 | 413 | 503,
  ) {
    super(message);
  }
}

export const UPLOAD_MESSAGES = {
  tooBig: "Файлы не отправлены: их общий объём больше 10 МБ. Уменьшите файлы или отправьте часть из них.",
  tooMany: `Можно прикрепить не больше ${UPLOAD_MAX_FILES} файлов.`,
  malformed: "Не удалось прочитать отправленные файлы. Попробуйте ещё раз.",
  /** A text field far over what the form takes (the browser's own form never sends one). */
  tooLong: `Слишком длинный текст: в поле можно написать не более ${MAX_TEXT} символов.`,
  /** A form with files sent back for its other fields: browsers keep no chosen file on the page sent back. */
  chooseAgain: "Прикрепите файлы ещё раз: после проверки формы браузер их не сохраняет.",
  /** More fields than the form has: not the visitor's files. */
  tooManyParts: "В форме оказались лишние поля, её не удалось прочитать. Обновите страницу и отправьте форму ещё раз.",
} as const;

/** The disk refused a file (full, over its quota, read-only, failing): the site's fault, not the visitor's upload. */
const DISK_REFUSED = new Set(["ENOSPC", "EDQUOT", "EROFS", "EIO"]);

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
  const fields: Record<string, string> = {};
  let fileBytes = 0;
  let parts = 0;
  const filesDir = path.join(dir, "files");
  fs.mkdirSync(filesDir, { recursive: true });

  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    if (++parts > MAX_PARTS)
      throw new UploadError(
        files.length >= UPLOAD_MAX_FILES ? UPLOAD_MESSAGES.tooMany : UPLOAD_MESSAGES.tooManyParts,
        413,
      );
    if (filename === undefined) {
      let size = 0;
      const chunks: Uint8Array[] = [];
      for await (const chunk of data) {
        size += chunk.byteLength;
        if (size > MAX_FIELD_BYTES) throw new UploadError(UPLOAD_MESSAGES.tooLong, 413);
        chunks.push(chunk);
      }
      const value = Buffer.concat(chunks).toString("utf8");
      fields[name] ??= value;
      return value;
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
      // Flushed to the disk before it is closed, as the lead's own record is: a lead the visitor
      // was told about keeps its files through a power cut.
      fs.createWriteStream(target, { flush: true }) as Writable,
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
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    const refused =
      error instanceof UploadError
        ? error
        : code && DISK_REFUSED.has(code)
          ? new UploadError(FORM_ERROR, 503)
          : new UploadError(UPLOAD_MESSAGES.malformed, 400);
    refused.fields = fields;
    throw refused;
  }
}

const CRLF_CRLF = Buffer.from("\r\n\r\n");

/**
 * The text fields a multipart body carries before its first file (a browser sends a form's
 * fields in their order: the parts-list form's name, phone and comment come before the files),
 * read from at most `maxBytes` of a body refused for its size, to give them back to the visitor.
 * What follows is read and discarded, up to `drainMaxBytes`, so the client finishes sending and
 * reads our answer (a browser cut off mid-upload shows a network error instead of the page's
 * message); `drained` is false when it gave up, and the answer then closes the connection.
 */
export async function fieldsBeforeFiles(
  request: Request,
  maxBytes = 64 * 1024,
  drainMaxBytes = 32 * 1024 * 1024,
): Promise<{ fields: Record<string, string>; drained: boolean }> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers.get("Content-Type") ?? "");
  const body = request.body;
  if (!boundary || !body || body.locked) return { fields: {}, drained: false };
  const delimiter = Buffer.from(`\r\n--${boundary[1] ?? boundary[2]}`);
  const reader = body.getReader();
  const chunks: Buffer[] = [];
  let head = Buffer.alloc(0);
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { fields: parseFields(head, delimiter), drained: true };
      total += value.byteLength;
      if (head.length < maxBytes) {
        chunks.push(Buffer.from(value));
        head = Buffer.concat(chunks).subarray(0, maxBytes);
      }
      if (total > drainMaxBytes) {
        await reader.cancel().catch(() => {});
        return { fields: parseFields(head, delimiter), drained: false };
      }
    }
  } catch {
    return { fields: parseFields(head, delimiter), drained: false };
  }
}

/** The complete text parts of `head` up to the first file part. */
function parseFields(head: Buffer, delimiter: Buffer): Record<string, string> {
  const fields: Record<string, string> = {};
  // The body starts with the delimiter without its leading CRLF.
  const text = Buffer.concat([Buffer.from("\r\n"), head]);
  let at = text.indexOf(delimiter);
  while (at !== -1) {
    const next = text.indexOf(delimiter, at + delimiter.length);
    if (next === -1) break; // the part is cut off by the limit
    const part = text.subarray(at + delimiter.length + 2, next);
    const split = part.indexOf(CRLF_CRLF);
    if (split === -1) break;
    const headers = part.subarray(0, split).toString("utf8");
    if (/filename=/i.test(headers)) break;
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    if (name !== undefined) fields[name] ??= part.subarray(split + 4).toString("utf8");
    at = next;
  }
  return fields;
}
