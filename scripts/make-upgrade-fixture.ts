/**
 * Writes test/fixtures/data-dir-v1/: a DATA_DIR as the file-based lead store leaves it, made by the
 * built server itself (`npm run build` of this commit, then build/index.js), never by hand, so a
 * later version's import can be tested against what a running site really has on disk.
 *
 * It posts the site's own forms over HTTP, as a browser without JavaScript does, to a server whose
 * notify service (test/fake-notify.ts) and SMTP server (test/fake-smtp.ts) are up for some posts and
 * down for others: leads kept (no notify service yet), delivered, undelivered, one with a file, one
 * left pending by a server killed mid-send; orders delivered with their e-mail sent or not, one
 * undelivered, one replaced by the customer's next order; their consent records; the cookie secret.
 * The folder's README.md (written here too) lists every record and its state.
 *
 * Usage: npx tsx scripts/make-upgrade-fixture.ts [--out test/fixtures/data-dir-v1] [--skip-build]
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateParts } from "~server/demo-catalogue.server";
import { newFakeNotify, startFakeNotify, type FakeNotify } from "../test/fake-notify";
import { startFakeSmtp } from "../test/fake-smtp";
import { builtServerEnv, freePort, waitForHealthz } from "../test/server-process";

const { values: args } = parseArgs({
  options: { out: { type: "string", default: "test/fixtures/data-dir-v1" }, "skip-build": { type: "boolean" } },
});
const OUT = path.resolve(args.out!);

if (!args["skip-build"])
  execFileSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
const commit = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
const dirty = execFileSync("git", ["status", "--porcelain", "--", "app", "server"], { encoding: "utf8" }).trim();
if (dirty) throw new Error(`app/ or server/ differ from ${commit}: commit them first, the README names the commit`);

// The demo catalogue the built server serves without a parts service.
const parts = generateParts(360).flatMap((g) => g.parts);
const inStock = parts.filter((p) => p.balance >= 5 && p.price > 0);
const [partA, partB] = inStock;

const SITE_URL = "https://faw-solontsy.example";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "upgrade-fixture-"));
const dataDir = path.join(work, "data");
fs.mkdirSync(dataDir);

interface Server {
  url: string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, ["build/index.js"], {
    // The site's address as in production, not the loopback port of this run (it is in the records).
    env: builtServerEnv(port, dataDir, { SITE_URL, TRUST_PROXY: "loopback", LEAD_RATE_LIMIT: "0", ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const closed = new Promise<void>((resolve) => child.on("close", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealthz(url, child, () => output);
  return {
    url,
    child,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      await closed;
    },
  };
}

/** What a record of the fixture is, for its README. */
interface Entry {
  file: string;
  what: string;
}
const entries: Entry[] = [];

const leadIds = () =>
  new Set(fs.existsSync(path.join(dataDir, "leads")) ? fs.readdirSync(path.join(dataDir, "leads")) : []);

/** The id of the one lead folder `post` added. */
async function newLead(post: () => Promise<Response>, status: number): Promise<{ id: string; res: Response }> {
  const before = leadIds();
  const res = await post();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${await res.text()}`);
  const added = [...leadIds()].filter((id) => !before.has(id));
  if (added.length !== 1) throw new Error(`expected one new lead, got ${added.join(", ") || "none"}`);
  return { id: added[0], res };
}

let visitor = 0;
/** Each post from another visitor's address, as its consent record keeps it. */
const from = () => ({ "X-Forwarded-For": `203.0.113.${++visitor}` });

const form = (fields: Record<string, string>) => new URLSearchParams({ consent: "on", ...fields });

function postLead(server: Server, name: string, fields: Record<string, string>) {
  return fetch(`${server.url}/lead/${name}`, {
    method: "POST",
    body: form(fields),
    redirect: "manual",
    headers: from(),
  });
}

function postPartsList(server: Server, fields: Record<string, string>, file: { name: string; text: string }) {
  const body = new FormData();
  for (const [k, v] of form(fields)) body.append(k, v);
  body.append("files", new Blob([file.text], { type: "text/plain" }), file.name);
  return fetch(`${server.url}/lead/parts-list`, { method: "POST", body, redirect: "manual", headers: from() });
}

/** The cookies a response sets, as a browser would send them back (an empty value removes one). */
function cookieJar(jar: Map<string, string>, res: Response): Map<string, string> {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair.indexOf("=");
    const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
    if (value === "" || /max-age=0\b|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  return jar;
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/** /make-order as a visitor with `jar`'s cookies opens it: the form's one-time order key. */
async function orderKey(server: Server, jar: Map<string, string>): Promise<string> {
  const res = await fetch(`${server.url}/make-order`, { headers: { Cookie: cookieHeader(jar) } });
  cookieJar(jar, res);
  const key = /name="orderKey" value="([^"]+)"/.exec(await res.text())?.[1];
  if (!key) throw new Error("no orderKey on /make-order");
  return key;
}

function postOrder(server: Server, jar: Map<string, string>, fields: Record<string, string>, ip: string) {
  return fetch(`${server.url}/make-order`, {
    method: "POST",
    body: form(fields),
    redirect: "manual",
    headers: { Cookie: cookieHeader(jar), "X-Forwarded-For": ip },
  });
}

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(dataDir, file), "utf8"));
const leadFile = (id: string) => `leads/${id}/lead.json`;
const mailFile = (id: string) => `mail/${id}/message.json`;

async function until(what: string, check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const statusOf = (file: string) => (fs.existsSync(path.join(dataDir, file)) ? readJson(file).status : undefined);

function expectStatus(file: string, status: string) {
  const actual = statusOf(file);
  if (actual !== status) throw new Error(`${file}: expected ${status}, got ${actual}`);
}

const PERSON = { name: "Иванов Иван", phone: "+7 (912) 345-67-89", page: "/contacts" };

// 1. Before the notify service was set up: the lead is kept on disk only.
{
  const server = await startServer({});
  const { id } = await newLead(() => postLead(server, "callback", { ...PERSON, comment: "Без уведомлений" }), 303);
  expectStatus(leadFile(id), "kept");
  entries.push({ file: leadFile(id), what: "callback lead, `kept`: no notify service was set (never sent)" });
  await server.stop();
}

// 2. The notify service and the mail server set up; the background retry waits an hour, so every
// record stays as its post left it.
const notify: FakeNotify = await startFakeNotify(newFakeNotify());
const smtp = await startFakeSmtp();
const server = await startServer({
  NOTIFY_API_URL: notify.url,
  NOTIFY_API_KEY: "fixture-key",
  NOTIFY_TIMEOUT_MS: "3000",
  NOTIFY_RETRY_BASE_SECONDS: "3600",
  SMTP_URL: smtp.url,
  MAIL_FROM: "FAW Солонцы <parts@dealer.example>",
});

{
  const { id } = await newLead(() => postLead(server, "callback", { ...PERSON, comment: "Доставлена" }), 303);
  expectStatus(leadFile(id), "delivered");
  entries.push({ file: leadFile(id), what: "callback lead, `delivered` (one attempt, ok)" });
}
{
  notify.mode = "fail";
  const lead = { name: "Петров Пётр", phone: "+7 (913) 111-22-33", page: "/service", inn: "2465000000" };
  const { id } = await newLead(() => postLead(server, "price", { ...lead, comment: "Не доставлена" }), 502);
  notify.mode = "ok";
  expectStatus(leadFile(id), "undelivered");
  entries.push({
    file: leadFile(id),
    what: "price request (form `price`, sent as `callback`) with an ИНН, `undelivered`: notify answered 500",
  });
}
{
  const { id } = await newLead(
    () =>
      postPartsList(
        server,
        { name: "Сидоров Сергей", phone: "+7 (914) 222-33-44", comment: "Список с файлом" },
        { name: "список-деталей.txt", text: "Фильтр масляный — 2 шт.\nКолодки тормозные — 4 шт.\n" },
      ),
    303,
  );
  expectStatus(leadFile(id), "delivered");
  entries.push({ file: leadFile(id), what: "parts-list lead with one file (`files/`), `delivered` (multipart)" });
}
{
  notify.mode = "fail";
  const { id } = await newLead(
    () =>
      postPartsList(
        server,
        { name: "Кузнецова Ольга", phone: "+7 (915) 333-44-55", comment: "Файл не доставлен" },
        { name: "запчасти.txt", text: "Стартер CA6DM2 — 1 шт.\n" },
      ),
    502,
  );
  notify.mode = "ok";
  expectStatus(leadFile(id), "undelivered");
  entries.push({ file: leadFile(id), what: "parts-list lead with one file, `undelivered`: notify answered 500" });
}

// Orders. A: an invoice and an e-mail, both delivered (the e-mail carries the invoice PDF).
{
  const jar = new Map([["cart", `${partA.id}.2`]]);
  const orderKeyA = await orderKey(server, jar);
  const { id } = await newLead(
    () =>
      postOrder(
        server,
        jar,
        {
          orderKey: orderKeyA,
          name: "Соколова Анна",
          phone: "+7 (923) 456-78-90",
          email: "anna@buyer.example",
          inn: "2465123456",
          companyName: "ООО «Ромашка»",
          invoice: "on",
          delivery: "pickup",
        },
        "203.0.113.101",
      ),
    303,
  );
  expectStatus(leadFile(id), "delivered");
  await until("order A's e-mail", () => statusOf(mailFile(id)) === "delivered");
  entries.push({ file: leadFile(id), what: "order A: 2 × a part, invoice asked for, e-mail given; `delivered`" });
  entries.push({ file: mailFile(id), what: "order A's confirmation (with the invoice), `delivered` (SMTP accepted)" });
}
// B: delivered, its e-mail not: the mail server is down.
{
  await smtp.stop();
  const jar = new Map([["cart", `${partB.id}.1`]]);
  const key = await orderKey(server, jar);
  const { id } = await newLead(
    () =>
      postOrder(
        server,
        jar,
        { orderKey: key, name: "Морозов Дмитрий", phone: "+7 (924) 567-89-01", email: "dmitry@buyer.example" },
        "203.0.113.102",
      ),
    303,
  );
  expectStatus(leadFile(id), "delivered");
  await until("order B's e-mail to fail", () => statusOf(mailFile(id)) === "undelivered");
  await smtp.start();
  entries.push({ file: leadFile(id), what: "order B: 1 × a part, e-mail given, no invoice; `delivered`" });
  entries.push({ file: mailFile(id), what: "order B's confirmation, `undelivered`: the SMTP server was down" });
}
// C, replaced by D: notify down, the customer is told the order failed, changes the cart and orders
// again (the same phone): D names C in `replaces`, C becomes `replaced` (never sent again).
{
  const jar = new Map([["cart", `${partA.id}.1`]]);
  const key = await orderKey(server, jar);
  const customer = { name: "Волков Андрей", phone: "+7 (925) 678-90-12" };
  notify.mode = "fail";
  const c = await newLead(() => postOrder(server, jar, { orderKey: key, ...customer }, "203.0.113.103"), 502);
  notify.mode = "ok";
  cookieJar(jar, c.res);
  expectStatus(leadFile(c.id), "undelivered");
  jar.set("cart", `${partA.id}.1~${partB.id}.1`);
  // The form the failure gave back: the same key, a changed cart.
  const d = await newLead(() => postOrder(server, jar, { orderKey: key, ...customer }, "203.0.113.103"), 303);
  expectStatus(leadFile(d.id), "delivered");
  expectStatus(leadFile(c.id), "replaced");
  entries.push({
    file: leadFile(c.id),
    what: `order C: \`replaced\` by order D (\`replacedBy\`), notify had answered 500`,
  });
  entries.push({
    file: leadFile(d.id),
    what: "order D: C's customer with a changed cart, `replaces` C; `delivered`, no e-mail",
  });
}
// E: undelivered, with an e-mail: its confirmation is written only once the order is delivered.
{
  const jar = new Map([["cart", `${partB.id}.3`]]);
  const key = await orderKey(server, jar);
  notify.mode = "fail";
  const { id } = await newLead(
    () =>
      postOrder(
        server,
        jar,
        { orderKey: key, name: "Лебедева Мария", phone: "+7 (926) 789-01-23", email: "maria@buyer.example" },
        "203.0.113.104",
      ),
    502,
  );
  notify.mode = "ok";
  expectStatus(leadFile(id), "undelivered");
  if (fs.existsSync(path.join(dataDir, mailFile(id)))) throw new Error("an undelivered order has an e-mail");
  entries.push({
    file: leadFile(id),
    what: "order E: 3 × a part, e-mail given; `undelivered` (notify answered 500), no confirmation written yet",
  });
}
// Last, a lead whose send was in flight when the server was killed (SIGKILL): `pending`, no attempt
// on record, its sender's claim file left beside it.
{
  notify.mode = "hang";
  const started = notify.started;
  const before = leadIds();
  const post = postLead(server, "callback", { name: "Новиков Олег", phone: "+7 (927) 890-12-34", page: "/" }).catch(
    () => undefined,
  );
  await until("the pending lead's send", () => notify.started > started);
  await server.stop("SIGKILL");
  await post;
  const [id] = [...leadIds()].filter((x) => !before.has(x));
  expectStatus(leadFile(id), "pending");
  entries.push({
    file: leadFile(id),
    what: "callback lead, `pending`: the server was killed (SIGKILL) while notify held its request; `claim-0.0` beside it",
  });
}
await notify.close();
await smtp.stop();

// The folder as written, less what is not a record (the price list is a cache).
fs.rmSync(OUT, { recursive: true, force: true });
fs.cpSync(dataDir, OUT, { recursive: true, filter: (src) => !src.startsWith(path.join(dataDir, "price-list")) });
fs.rmSync(work, { recursive: true, force: true });

const listing = (dir: string, prefix = ""): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) =>
      e.isDirectory() ? listing(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
    );
const files = listing(OUT);
const consents = fs
  .readdirSync(path.join(OUT, "consents"))
  .flatMap((f) =>
    fs
      .readFileSync(path.join(OUT, "consents", f), "utf8")
      .trim()
      .split("\n"),
  )
  .map((line) => JSON.parse(line) as { form: string; lead?: string });

fs.writeFileSync(
  path.join(OUT, "README.md"),
  `# A DATA_DIR of the file-based store (layout v1)

Written by \`scripts/make-upgrade-fixture.ts\` with the built server of commit \`${commit}\`
(\`npm run build\`, then \`build/index.js\`), on ${new Date().toISOString().slice(0, 10)}: every record is
what the server itself wrote for a form posted over HTTP, as a browser without JavaScript posts it,
with the fake notify service and SMTP server of \`test/\` up or down. Nothing here was edited by hand;
run the script again to remake it (the ids and times change).

Without a parts service the server sells its demo catalogue: the orders' lines are its parts.
The background retry waited an hour (\`NOTIFY_RETRY_BASE_SECONDS=3600\`), so no record was retried.

## Records

| File | What it is |
| --- | --- |
${entries.map((e) => `| \`${e.file}\` | ${e.what} |`).join("\n")}
| \`consents/*.jsonl\` | ${consents.length} consent records, one per accepted post (also those whose send failed): ${consents
    .map((c) => c.form + (c.lead ? " (with its lead's id)" : ""))
    .join(", ")} |
| \`cookie-secret\` | the secret that signs the last-order and pending-order cookies and the order keys |

What an import should end with: the \`delivered\` leads, orders and e-mails are never sent again; the
\`undelivered\` and \`pending\` ones are delivered once (order E then gets its confirmation e-mail);
\`kept\` stays kept (no notify service was set when it came); \`replaced\` is never sent. Claim files
(\`claim-{attempt}.{generation}\`, a pid and host of the machine that wrote them) are no records.

## Files

${files.map((f) => `- \`${f}\``).join("\n")}
`,
);
console.log(`wrote ${OUT}: ${files.length} files`);
