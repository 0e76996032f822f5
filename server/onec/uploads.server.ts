/**
 * The files 1C uploads (`mode=file`): written to disk as they arrive, appended when a file comes
 * in several posts, and zip archives unpacked when the import starts. Pictures go to a folder
 * that outlives the exchange (the site serves them); the XML files to the exchange's own folder.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { once } from "node:events";
import { Unzip, UnzipInflate } from "fflate";
import { OnecFormatError } from "./xml-stream.server";

/** A file's name as 1C sends it: relative, with `/` between folders, no `..`, nothing odd. */
export function safeName(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  const name = raw.replace(/\\/g, "/");
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name) || name.length > 500) return undefined;
  const segments = name.split("/");
  const odd = (s: string) => /[:*?"<>|]/.test(s) || [...s].some((ch) => ch.charCodeAt(0) < 0x20);
  const ok = segments.every((s) => s !== "" && s !== "." && s !== ".." && !odd(s));
  return ok ? segments.join("/") : undefined;
}

/** Pictures (`import_files/…`) are kept for the site; everything else belongs to one exchange. */
export function isPicture(name: string): boolean {
  return name.startsWith("import_files/");
}

/** The biggest file the exchange takes: a catalogue of a few hundred thousand goods fits. */
export const MAX_FILE_BYTES = 2 * 1024 ** 3;

export interface UploadFolders {
  /** This exchange's XML files and archives, per `type` (catalog, sale). */
  upload: string;
  /** Pictures, kept across exchanges. */
  files: string;
}

function target(folders: UploadFolders, name: string): string {
  return path.join(isPicture(name) ? folders.files : folders.upload, ...name.split("/"));
}

/**
 * Writes one post of a file. `first`: the exchange's first post of that name, which replaces an
 * older file (an earlier exchange's); a later one is appended (a file over `file_limit` comes in
 * pieces).
 */
export async function receiveFile(
  folders: UploadFolders,
  name: string,
  body: AsyncIterable<Uint8Array>,
  first: boolean,
): Promise<number> {
  const file = target(folders, name);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  let size = first
    ? 0
    : await fsp.stat(file).then(
        (s) => s.size,
        () => 0,
      );
  const out = fs.createWriteStream(file, { flags: first ? "w" : "a" });
  let written = 0;
  try {
    for await (const chunk of body) {
      size += chunk.length;
      written += chunk.length;
      if (size > MAX_FILE_BYTES) throw new OnecFormatError(`Файл ${name} больше ${MAX_FILE_BYTES} байт`);
      if (!out.write(chunk)) await once(out, "drain");
    }
    out.end();
    await once(out, "finish");
  } catch (error) {
    out.destroy();
    throw error;
  }
  return written;
}

/** Unpacks an archive beside it (its pictures to the pictures' folder) and removes it. */
export async function unpackZip(folders: UploadFolders, zipFile: string): Promise<string[]> {
  const names: string[] = [];
  // Writes waiting for the disk to drain, awaited after each chunk; every file's end, at the end.
  const writes = new Set<Promise<unknown>>();
  const finishes: Promise<unknown>[] = [];
  const outs: fs.WriteStream[] = [];
  let failure: Error | undefined;
  let unpacked = 0;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (entry) => {
    if (entry.name.endsWith("/")) return;
    const name = safeName(entry.name);
    if (!name) {
      failure ??= new OnecFormatError(`В архиве ${path.basename(zipFile)} недопустимое имя файла: ${entry.name}`);
      return;
    }
    names.push(name);
    const file = target(folders, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const out = fs.createWriteStream(file);
    outs.push(out);
    finishes.push(once(out, "finish").catch((error: Error) => (failure ??= error)));
    entry.ondata = (error, data, final) => {
      if (error) {
        failure ??= new OnecFormatError(`Архив ${path.basename(zipFile)} повреждён: ${error.message}`);
        out.destroy();
        return;
      }
      unpacked += data.length;
      if (unpacked > MAX_FILE_BYTES) failure ??= new OnecFormatError(`Архив ${path.basename(zipFile)} слишком велик`);
      // An ended stream emits no 'drain': its end is waited for instead.
      if (final) out.end(data);
      else if (!out.write(data)) writes.add(once(out, "drain"));
    };
    entry.start();
  };
  try {
    for await (const chunk of fs.createReadStream(zipFile, { highWaterMark: 16 * 1024 })) {
      unzip.push(chunk as Uint8Array);
      if (failure) break;
      // The disk keeps up with the archive: no more than a chunk's unpacked data waits in memory.
      const drains = [...writes];
      writes.clear();
      await Promise.all(drains);
    }
    if (!failure) unzip.push(new Uint8Array(0), true);
  } catch (error) {
    failure ??= new OnecFormatError(`Архив ${path.basename(zipFile)} повреждён: ${(error as Error).message}`);
  }
  if (failure) {
    for (const out of outs) out.destroy();
    throw failure;
  }
  await Promise.all(finishes);
  if (failure) throw failure;
  await fsp.rm(zipFile, { force: true });
  return names;
}

/** Unpacks every archive of this exchange's folder. */
export async function unpackAll(folders: UploadFolders): Promise<string[]> {
  const entries = await fsp.readdir(folders.upload).catch(() => [] as string[]);
  const names: string[] = [];
  for (const entry of entries.filter((e) => e.toLowerCase().endsWith(".zip")).sort()) {
    names.push(...(await unpackZip(folders, path.join(folders.upload, entry))));
  }
  return names;
}

/** The path of an uploaded XML file, or undefined when it is not there. */
export async function uploadedFile(folders: UploadFolders, name: string): Promise<string | undefined> {
  const file = target(folders, name);
  return (await fsp.stat(file).then(
    (s) => s.isFile(),
    () => false,
  ))
    ? file
    : undefined;
}
