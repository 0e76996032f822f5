/**
 * A stand-in for 1C:Предприятие's 'Обмен с сайтом': it drives the site's /1c-exchange the way 1C
 * does (checkauth, init, files zipped and cut into file_limit posts, import polled through
 * `progress`, orders queried and confirmed, statuses sent back), over HTTP or straight into the
 * exchange's handler.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import { once } from "node:events";
import { Zip, ZipDeflate, zipSync } from "fflate";
import type { Exchange } from "~server/onec/exchange.server";

export interface FakeRequest {
  method: "GET" | "POST";
  /** `type=…&mode=…&…`. */
  search: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}

export interface FakeResponse {
  status: number;
  body: Buffer;
  headers: Headers;
}

export type Transport = (request: FakeRequest) => Promise<FakeResponse>;

/** Calls the handler itself, as the route would. */
export function handlerTransport(exchange: Exchange): Transport {
  return async ({ method, search, headers, body }) => {
    const response = await exchange.handle({
      method,
      query: new URLSearchParams(search),
      headers: new Headers(headers),
      body: body
        ? (async function* () {
            yield body;
          })()
        : null,
    });
    return {
      status: response.status,
      body: typeof response.body === "string" ? Buffer.from(response.body, "utf8") : Buffer.from(response.body),
      headers: new Headers(response.headers),
    };
  };
}

/** Calls a running site at `origin`. */
export function httpTransport(origin: string): Transport {
  return async ({ method, search, headers, body }) => {
    const response = await fetch(`${origin}/1c-exchange?${search}`, {
      method,
      headers,
      body: body ? new Uint8Array(body) : undefined,
      redirect: "manual",
    });
    return { status: response.status, body: Buffer.from(await response.arrayBuffer()), headers: response.headers };
  };
}

export interface ImportRun {
  /** Every answer's first line, in order: 'progress', …, 'success'. */
  answers: string[];
  /** The last answer, whole. */
  last: string;
}

export class Fake1C {
  cookie: string | undefined;
  fileLimit = 0;
  zip = false;

  constructor(
    private readonly transport: Transport,
    private readonly credentials: { user: string; password: string },
  ) {}

  async call(
    type: string,
    mode: string,
    params: Record<string, string> = {},
    body?: Uint8Array,
    auth = false,
  ): Promise<FakeResponse & { text: string }> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.Cookie = this.cookie;
    if (auth) {
      const pair = `${this.credentials.user}:${this.credentials.password}`;
      headers.Authorization = `Basic ${Buffer.from(pair, "utf8").toString("base64")}`;
    }
    if (body) headers["Content-Type"] = "application/octet-stream";
    const search = new URLSearchParams({ type, mode, ...params }).toString();
    const response = await this.transport({ method: body ? "POST" : "GET", search, headers, body });
    return { ...response, text: response.body.toString("utf8") };
  }

  /** `checkauth`: keeps the cookie the site names, as 1C does. */
  async checkauth(type = "catalog"): Promise<string[]> {
    this.cookie = undefined;
    const response = await this.call(type, "checkauth", {}, undefined, true);
    const lines = response.text.split("\n");
    if (lines[0] === "success") this.cookie = `${lines[1]}=${lines[2]}`;
    return lines;
  }

  async init(type = "catalog"): Promise<string> {
    const { text } = await this.call(type, "init");
    for (const line of text.split("\n")) {
      const [key, value] = line.split("=");
      if (key === "zip") this.zip = value === "yes";
      if (key === "file_limit") this.fileLimit = Number(value);
    }
    return text;
  }

  /** A file in posts of `file_limit` bytes (all at once when the site set none); every answer. */
  async upload(type: string, filename: string, bytes: Uint8Array): Promise<string[]> {
    const size = this.fileLimit > 0 ? this.fileLimit : Math.max(bytes.length, 1);
    const answers: string[] = [];
    for (let start = 0; start === 0 || start < bytes.length; start += size) {
      answers.push((await this.call(type, "file", { filename }, bytes.subarray(start, start + size))).text);
    }
    return answers;
  }

  /** A file on disk in posts of `file_limit` bytes, read a post at a time. */
  async uploadFile(type: string, filename: string, file: string): Promise<string[]> {
    const handle = await fsp.open(file);
    const answers: string[] = [];
    try {
      const size = this.fileLimit || 8 * 1024 * 1024;
      const buffer = Buffer.alloc(size);
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, size, null);
        if (bytesRead === 0) break;
        answers.push((await this.call(type, "file", { filename }, buffer.subarray(0, bytesRead))).text);
      }
    } finally {
      await handle.close();
    }
    return answers;
  }

  /** `import` called again while the site answers `progress`, as 1C does. */
  async import(filename: string, maxCalls = 600, pauseMs = 50): Promise<ImportRun> {
    const answers: string[] = [];
    for (let i = 0; i < maxCalls; i++) {
      const { text } = await this.call("catalog", "import", { filename });
      answers.push(text.split("\n")[0]);
      if (!text.startsWith("progress")) return { answers, last: text };
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    throw new Error(`import of ${filename} still in progress after ${maxCalls} calls`);
  }

  /**
   * A whole catalogue exchange: auth, init, the files (zipped into one archive when the site
   * takes zip), then import.xml and offers.xml imported in turn.
   */
  async exchangeCatalogue(files: Record<string, Uint8Array>): Promise<Record<string, ImportRun>> {
    await this.checkauth("catalog");
    await this.init("catalog");
    if (this.zip) {
      await this.upload("catalog", "import.zip", zipSync(files));
    } else {
      for (const [name, bytes] of Object.entries(files)) await this.upload("catalog", name, bytes);
    }
    const runs: Record<string, ImportRun> = {};
    for (const name of Object.keys(files).filter((n) => n.endsWith(".xml"))) runs[name] = await this.import(name);
    await this.call("catalog", "complete");
    return runs;
  }

  /** `type=sale`: the orders XML the site lists now. */
  async query(): Promise<Buffer> {
    const { body, status } = await this.call("sale", "query");
    if (status !== 200) throw new Error(`query answered ${status}`);
    return body;
  }

  async success(): Promise<string> {
    return (await this.call("sale", "success")).text;
  }

  async sendStatuses(xml: Uint8Array, filename = "orders-1.xml"): Promise<string[]> {
    return this.upload("sale", filename, xml);
  }
}

/** Zips files from disk into an archive on disk, streamed (the benchmark's 180 MB never sit in memory). */
export async function zipFiles(entries: { name: string; file: string }[], out: string): Promise<number> {
  const output = fs.createWriteStream(out);
  let failure: Error | undefined;
  let pending: Promise<unknown> | undefined;
  const zip = new Zip((error, data, final) => {
    if (error) failure = error;
    else if (!output.write(data)) pending = once(output, "drain");
    if (final) output.end();
  });
  for (const entry of entries) {
    const file = new ZipDeflate(entry.name, { level: 6 });
    zip.add(file);
    for await (const chunk of fs.createReadStream(entry.file, { highWaterMark: 1024 * 1024 })) {
      file.push(chunk as Uint8Array);
      if (pending) await pending;
      pending = undefined;
    }
    file.push(new Uint8Array(0), true);
  }
  zip.end();
  await once(output, "finish");
  if (failure) throw failure;
  return fs.statSync(out).size;
}
