/**
 * The site's side of 1C's standard exchange (CommerceML 2): 1C calls, the site answers plain
 * text. A plain function of the request's parts, so the route stays a thin adapter and the tests
 * call it directly. Every error becomes `failure` and a Russian reason: 1C shows it to the
 * manager, and the exchange never answers 500.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { errorMessage, log } from "../log.server";
import { createVisitorLimit } from "../rate-limit.server";
import { applyImport, importKind } from "./import-job.server";
import { emptyClassifier } from "./import-parser.server";
import { ordersXmlBytes, type OrdersEncoding } from "./orders-xml.server";
import { withPictures } from "./pictures.server";
import type { CatalogueSink, OrderSource, PictureSink } from "./ports.server";
import { StateFile, type ExchangeType } from "./exchange-state.server";
import { parseStatuses } from "./statuses-parser.server";
import { receiveFile, safeName, unpackAll, unpackZip, uploadedFile, type UploadFolders } from "./uploads.server";
import { OnecFormatError } from "./xml-stream.server";

export const SESSION_COOKIE = "faw_1c_session";
/** What `init` offers: 1C sends bigger files in posts of this size. */
export const FILE_LIMIT = 8 * 1024 * 1024;
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** Logins tried per address per 10 minutes; a successful one is not counted. */
export const LOGIN_ATTEMPTS = 10;
const MAX_SESSIONS = 8;

export interface ExchangeRequest {
  method: string;
  query: URLSearchParams;
  headers: { get(name: string): string | null };
  /** The raw body; null for a GET. */
  body: AsyncIterable<Uint8Array> | null;
  /** The caller's address, for the limit on failed logins. */
  clientIp?: string;
}

export interface ExchangeResponse {
  status: number;
  headers: Record<string, string>;
  /** Plain text; the orders XML as bytes in its encoding. */
  body: string | Uint8Array;
}

export interface ExchangeOptions {
  /** DATA_DIR/1c. */
  dir: string;
  user: string;
  password: string;
  /** ONEC_PRICE_TYPE; unset, the file's only or first price type. */
  priceType?: string;
  /** ONEC_ORDERS_ENCODING: the orders XML in UTF-8 with a BOM (default) or windows-1251. */
  ordersEncoding?: OrdersEncoding;
  catalogue: CatalogueSink;
  orders: OrderSource;
  /** Where the pictures the goods name are put for every server; unset, they stay on this server's disk only. */
  pictures?: PictureSink;
  /** The post size `init` offers; FILE_LIMIT unless a test sets a smaller one. */
  fileLimit?: number;
  /** How long an import call waits for the work before answering `progress`. */
  importWaitMs?: number;
  now?: () => Date;
}

export interface Exchange {
  handle(request: ExchangeRequest): Promise<ExchangeResponse>;
  /** Resolves when no import runs (for tests and a graceful stop). */
  idle(): Promise<void>;
  /** The pictures' folder: 1C's `import_files/…` land there, and the import reads them from it. */
  readonly filesDir: string;
  lastExchange(): Promise<{ at: string; type: string; mode: string; outcome: string } | undefined>;
}

const TEXT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

function text(body: string, status = 200, headers: Record<string, string> = {}): ExchangeResponse {
  return { status, headers: { ...TEXT, ...headers }, body };
}

function failure(reason: string, status = 200): ExchangeResponse {
  return text(`failure\n${reason.replace(/\s*\n\s*/g, " ")}`, status);
}

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** The user and password of an HTTP Basic header. */
function basicCredentials(header: string | null): { user: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? undefined : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

const EMPTY_BODY: AsyncIterable<Uint8Array> = (async function* () {})();

export function createExchange(options: ExchangeOptions): Exchange {
  const { dir } = options;
  const state = new StateFile(dir);
  const filesDir = path.join(dir, "files");
  const now = options.now ?? (() => new Date());
  const waitMs = options.importWaitMs ?? 2000;
  const fileLimit = options.fileLimit ?? FILE_LIMIT;
  const catalogue = options.pictures ? withPictures(options.catalogue, options.pictures, filesDir) : options.catalogue;
  const folders = (type: ExchangeType): UploadFolders => ({ upload: path.join(dir, "upload", type), files: filesDir });
  const logins = createVisitorLimit({ limit: LOGIN_ATTEMPTS, windowMs: 10 * 60 * 1000 });
  /** The classifier read in this exchange (lost with a restart: a file then names no groups it lacks). */
  let classifier = { exchange: "", classifier: emptyClassifier() };
  /** Imports running in this process, by file name. */
  const running = new Map<string, Promise<void>>();

  async function checkauth(request: ExchangeRequest): Promise<ExchangeResponse> {
    const ip = request.clientIp ?? "unknown";
    if (await logins.over(ip)) {
      log.warn("1C exchange: too many logins", { ip });
      return text("failure\nСлишком много попыток входа, повторите через 10 минут", 429);
    }
    const given = basicCredentials(request.headers.get("authorization"));
    const ok =
      given !== undefined && sameSecret(given.user, options.user) && sameSecret(given.password, options.password);
    if (!ok) {
      log.warn("1C exchange: wrong user or password");
      return text("failure\nНеверное имя пользователя или пароль", 401, {
        "WWW-Authenticate": 'Basic realm="1C exchange", charset="UTF-8"',
      });
    }
    await logins.refund(ip);
    const value = crypto.randomBytes(24).toString("hex");
    const at = now();
    await state.update((s) => {
      const fresh = s.sessions.filter((x) => at.getTime() - Date.parse(x.at) < SESSION_TTL_MS);
      s.sessions = [...fresh, { value, at: at.toISOString() }].slice(-MAX_SESSIONS);
    });
    return text(`success\n${SESSION_COOKIE}\n${value}`);
  }

  async function hasSession(request: ExchangeRequest): Promise<boolean> {
    const value = cookieValue(request.headers.get("cookie"), SESSION_COOKIE);
    if (!value) return false;
    const { sessions } = await state.read();
    const at = now().getTime();
    return sessions.some((s) => sameSecret(s.value, value) && at - Date.parse(s.at) < SESSION_TTL_MS);
  }

  async function init(type: ExchangeType): Promise<ExchangeResponse> {
    // A new exchange: the last one's files leave (pictures stay: the site shows them).
    await fsp.rm(folders(type).upload, { recursive: true, force: true });
    await state.update((s) => {
      s.received[type] = [];
      if (type === "catalog") s.catalogExchange = crypto.randomUUID();
      if (type === "catalog")
        s.imports = Object.fromEntries(Object.entries(s.imports).filter(([, o]) => o.state === "running"));
    });
    return text(`zip=yes\nfile_limit=${fileLimit}`);
  }

  async function file(type: ExchangeType, request: ExchangeRequest): Promise<ExchangeResponse> {
    const raw = request.query.get("filename");
    const name = safeName(raw);
    if (!name) return failure(`Недопустимое имя файла: ${raw ?? "(нет имени)"}`);
    if (request.method !== "POST") return failure("Файл передаётся методом POST");
    const first = await state.update((s) => {
      const known = s.received[type].includes(name);
      if (!known) s.received[type].push(name);
      return !known;
    });
    const bytes = await receiveFile(folders(type), name, request.body ?? EMPTY_BODY, first);
    // A post of the full limit is one piece of a bigger file: the statuses are read after its last.
    if (type === "sale") return bytes >= fileLimit ? text("success") : saleFile(name);
    log.info("1C exchange: file received", { file: name, bytes });
    return text("success");
  }

  /** 1C's statuses, applied as soon as their file arrives (they are small). */
  async function saleFile(name: string): Promise<ExchangeResponse> {
    const where = folders("sale");
    const names = name.toLowerCase().endsWith(".zip")
      ? await unpackZip(where, path.join(where.upload, ...name.split("/")))
      : [name];
    let count = 0;
    const unknown: string[] = [];
    for (const xml of names.filter((n) => n.toLowerCase().endsWith(".xml"))) {
      const file = await uploadedFile(where, xml);
      if (!file) continue;
      count += await parseStatuses(fs.createReadStream(file), xml, async (updates) => {
        unknown.push(...(await options.orders.recordStatuses(updates)).unknown);
      });
    }
    if (unknown.length)
      log.warn("1C exchange: statuses of unknown orders", { numbers: unknown.slice(0, 20).join(", ") });
    log.info("1C exchange: statuses received", { file: name, documents: count });
    return text("success");
  }

  function startImport(name: string): Promise<void> {
    const job = (async () => {
      await state.update((s) => {
        s.imports[name] = { state: "running", at: now().toISOString() };
      });
      let outcome: { state: "success" | "failure"; message: string };
      try {
        await unpackAll(folders("catalog"));
        const file = await uploadedFile(folders("catalog"), name);
        if (!file) throw new OnecFormatError(`Файл ${name} не получен: сначала mode=file`);
        const exchange = (await state.read()).catalogExchange ?? "";
        if (classifier.exchange !== exchange) classifier = { exchange, classifier: emptyClassifier() };
        const summary = await applyImport(file, name, catalogue, options.priceType, classifier);
        outcome = { state: "success", message: summary };
        log.info("1C exchange: imported", { file: name, summary });
      } catch (error) {
        const message =
          error instanceof OnecFormatError ? error.message : `Ошибка загрузки ${name}: ${errorMessage(error)}`;
        if (!(error instanceof OnecFormatError))
          log.error("1C exchange: import failed", { file: name, error: errorMessage(error) });
        outcome = { state: "failure", message };
      }
      await state.update((s) => {
        s.imports[name] = { ...outcome, at: now().toISOString() };
      });
    })().finally(() => running.delete(name));
    running.set(name, job);
    return job;
  }

  async function importFile(request: ExchangeRequest): Promise<ExchangeResponse> {
    const raw = request.query.get("filename");
    const name = safeName(raw);
    if (!name) return failure(`Недопустимое имя файла: ${raw ?? "(нет имени)"}`);
    if (importKind(name) === "other") return text("success");
    let job = running.get(name);
    if (!job) {
      const finished = await outcomeOf(name);
      if (finished) return finished;
      // Not started, or not running here though the state says so (the server restarted meanwhile).
      job = startImport(name);
    }
    const done = await Promise.race([
      job.then(() => true),
      new Promise<false>((resolve) => setTimeout(resolve, waitMs, false).unref()),
    ]);
    if (!done) return text("progress\nЗагрузка идёт");
    return (await outcomeOf(name)) ?? failure(`Итог загрузки ${name} потерян, повторите обмен`);
  }

  /** The import's outcome once it has finished: said once, then forgotten (the next exchange imports anew). */
  async function outcomeOf(name: string): Promise<ExchangeResponse | undefined> {
    const known = (await state.read()).imports[name];
    if (!known || known.state === "running") return undefined;
    await state.update((s) => {
      delete s.imports[name];
    });
    return known.state === "success" ? text(`success\n${known.message ?? ""}`) : failure(known.message ?? "");
  }

  async function query(): Promise<ExchangeResponse> {
    const encoding = options.ordersEncoding ?? "utf-8";
    const orders = await options.orders.unconfirmed();
    // Confirmed by the next `success`: the orders of this list, not those placed after it.
    await state.update((s) => {
      s.queried = orders.map((o) => o.id);
    });
    return {
      status: 200,
      headers: { "Content-Type": `application/xml; charset=${encoding}`, "Cache-Control": "no-store" },
      body: ordersXmlBytes(orders, now(), encoding),
    };
  }

  async function saleSuccess(): Promise<ExchangeResponse> {
    const ids = await state.update((s) => {
      const queried = s.queried;
      s.queried = [];
      return queried;
    });
    if (ids.length > 0) await options.orders.markExported(ids);
    log.info("1C exchange: orders confirmed", { count: ids.length });
    return text("success");
  }

  async function route(request: ExchangeRequest): Promise<ExchangeResponse> {
    const type = request.query.get("type") ?? "";
    const mode = request.query.get("mode") ?? "";
    if (type !== "catalog" && type !== "sale") return failure(`Неизвестный тип обмена: type=${type || "(нет)"}`);
    if (mode === "checkauth") return checkauth(request);
    if (!(await hasSession(request))) {
      return failure("Нет сеанса обмена: сначала mode=checkauth, затем его cookie в каждом запросе", 401);
    }
    let response: ExchangeResponse | undefined;
    try {
      response = await signedIn(type, mode, request);
      return response;
    } finally {
      // Only calls within a session are recorded: a stranger's calls write nothing to disk.
      const first = typeof response?.body === "string" ? response.body.split("\n", 1)[0] : "failure";
      const outcome = response && typeof response.body !== "string" ? "success" : first;
      await state
        .update((s) => {
          s.lastExchange = { at: now().toISOString(), type, mode, outcome };
        })
        .catch(() => undefined);
    }
  }

  async function signedIn(type: ExchangeType, mode: string, request: ExchangeRequest): Promise<ExchangeResponse> {
    switch (mode) {
      case "init":
        return init(type);
      case "file":
        return file(type, request);
      case "import":
        return type === "catalog" ? importFile(request) : text("success");
      case "query":
        return type === "sale" ? query() : failure("mode=query бывает только при type=sale");
      case "success":
        return type === "sale" ? saleSuccess() : text("success");
      case "deactivate":
      case "complete":
        return text("success");
      default:
        return failure(`Неизвестный режим обмена: mode=${mode || "(нет)"}`);
    }
  }

  return {
    filesDir,
    async handle(request) {
      const type = request.query.get("type") ?? "";
      const mode = request.query.get("mode") ?? "";
      let response: ExchangeResponse;
      try {
        response = await route(request);
      } catch (error) {
        if (!(error instanceof OnecFormatError)) {
          log.error("1C exchange: call failed", { type, mode, error: errorMessage(error) });
        }
        response = failure(error instanceof OnecFormatError ? error.message : `Ошибка сайта: ${errorMessage(error)}`);
      }
      return response;
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
    async lastExchange() {
      return (await state.read()).lastExchange;
    },
  };
}
