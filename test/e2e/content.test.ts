/**
 * The dealer's go-live edit, done on a copy of the project: every demo( ) value replaced by another
 * valid one and its wrapper removed (scripts/replace-demo-content.ts), the sales phone set to a
 * number of our own; built and served, the copy shows the new number wherever the site shows
 * that desk, and neither the old number nor any other demo value anywhere. Then `npm run go-live`
 * on this checkout and on the copy: the demo catalogue and figures that disagree still fail it,
 * and with those fixed and a parts API that answers it passes.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deskPhone, LEASING, TRUCK_SAVINGS } from "~/content";
import { ALL_TRUCKS } from "~/data/trucks";
import { generateParts } from "~server/demo-catalogue.server";
import { disagreements, goLiveReport, siteFigures } from "~server/go-live.server";
import { demoFacts } from "../demo-facts";
import { builtServerEnv, firstLink, freePort, waitForHealthz } from "../server-process";

const ROOT = process.cwd();
const CONTENT_FILE = "app/content/dealer.ts";
const TSX = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");
const OLD = deskPhone("sales");
/** A number of our own, unlike the checkout's. */
const NEW =
  OLD.tel === "+73915551234"
    ? { display: "+7 (391) 555-43-21", tel: "+73915554321" }
    : { display: "+7 (391) 555-12-34", tel: "+73915551234" };
/** What this checkout's content shows now: the copy must show none of it. */
const REPORT = goLiveReport({});
const FACTS = demoFacts();
/** The copy's leasing term, in months and in years, made to disagree (and unlike this checkout's). */
const TERM = LEASING.termYears === 4 ? { months: 35, years: 3 } : { months: 47, years: 4 };
const COPY_DISAGREEMENTS = disagreements({
  ...siteFigures(),
  leasingTermMonths: TERM.months,
  leasingTermYears: TERM.years,
});

/** The sources a build reads; node_modules and public's files are linked, public/build is the copy's own. */
function copyProject(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-content-"));
  for (const entry of [
    "app",
    "server",
    "scripts",
    "package.json",
    "remix.config.js",
    "tsconfig.json",
    "postcss.config.js",
  ])
    fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  fs.mkdirSync(path.join(dir, "public"));
  for (const entry of fs.readdirSync(path.join(ROOT, "public")))
    if (entry !== "build") fs.symlinkSync(path.join(ROOT, "public", entry), path.join(dir, "public", entry));
  return dir;
}

function editContent(dir: string, edit: (source: string) => string) {
  const file = path.join(dir, CONTENT_FILE);
  fs.writeFileSync(file, edit(fs.readFileSync(file, "utf8")));
}

/** `source` with the one match of `pattern` replaced. */
function replaceOnce(source: string, pattern: RegExp, by: string): string {
  expect(source.match(new RegExp(pattern, "g")), String(pattern)).toHaveLength(1);
  return source.replace(pattern, by);
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** `npm run go-live` in `cwd`; asynchronous, so a parts API served by this process can answer it. */
function goLive(cwd: string, env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSX, "scripts/go-live.ts"], {
      cwd,
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
    });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (out += chunk));
    child.on("close", (code) => resolve({ code, out }));
  });
}

function between(html: string, start: string, end: string): string {
  const from = html.indexOf(start);
  expect(from, start).toBeGreaterThanOrEqual(0);
  return html.slice(from, html.indexOf(end, from));
}

describe("the dealer's content, every demo value replaced", () => {
  let dir = "";
  let server: ChildProcess | undefined;
  let output = "";
  let url = "";

  beforeAll(async () => {
    dir = copyProject();
    const env = { ...process.env, NODE_ENV: "production" as const };
    execFileSync(process.execPath, [TSX, "scripts/replace-demo-content.ts", dir], { cwd: ROOT, env });
    // The sales phone as the dealer writes it, whatever the replacement made of the demo's.
    const replaced = JSON.parse(
      execFileSync(process.execPath, [TSX, "scripts/content-value.ts", "desks.sales.phones.0"], {
        cwd: dir,
        env,
        encoding: "utf8",
      }),
    ) as { display: string };
    editContent(dir, (source) => {
      const phone = new RegExp(`"${replaced.display.replace(/[()+]/g, "\\$&")}"`);
      const out = replaceOnce(source, phone, `"${NEW.display}"`);
      return replaceOnce(
        replaceOnce(out, /termMonths: \d+/, `termMonths: ${TERM.months}`),
        /termYears: \d+/,
        `termYears: ${TERM.years}`,
      );
    });
    execFileSync(process.execPath, [TSX, "scripts/check-content.ts"], { cwd: dir, env });
    execFileSync(process.execPath, [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
      cwd: dir,
      env,
      stdio: "ignore",
    });
    execFileSync(process.execPath, ["scripts/build-entries.mjs"], { cwd: dir, env, stdio: "ignore" });

    const port = await freePort();
    server = spawn(process.execPath, ["build/index.js"], {
      cwd: dir,
      env: builtServerEnv(port, path.join(dir, "data")),
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (chunk) => (output += chunk));
    server.stderr!.on("data", (chunk) => (output += chunk));
    url = `http://127.0.0.1:${port}`;
    await waitForHealthz(url, server, () => output);
  }, 300_000);

  afterAll(() => {
    server?.kill();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const page = async (pathname: string) => {
    const res = await fetch(url + pathname);
    expect(res.status, pathname).toBe(200);
    return res.text();
  };
  const dialled = (html: string) => html.includes(`href="tel:${NEW.tel}"`) && html.includes(NEW.display);

  it("shows the new sales phone in the header, the footer, /contacts, a parts page, /privacy and the JSON-LD", async () => {
    const home = await page("/");
    expect(dialled(between(home, 'class="top-strip"', "</aside>")), "header").toBe(true);
    expect(dialled(between(home, "<footer", "</footer>")), "footer").toBe(true);
    const jsonLd = JSON.parse(between(home, '<script type="application/ld+json">', "</script>").slice(35));
    expect(jsonLd.telephone).toBe(NEW.tel);
    expect(jsonLd.department[1].telephone).toBe(NEW.tel);

    const contacts = await page("/contacts");
    expect(dialled(between(contacts, 'data-testid="location-sales"', "</section>")), "/contacts").toBe(true);
    const partPath = await firstLink(url, "/catalog/parts", /^\/catalog\/parts\/[^/]+$/);
    expect(dialled(await page(partPath)), partPath).toBe(true);
    expect(dialled(await page("/catalog/parts")), "parts list").toBe(true);
    expect(dialled(between(await page("/privacy"), 'id="general"', "</section>")), "/privacy").toBe(true);
  });

  it("shows no demo value on any main page, and serves the dealer's own pictures", async () => {
    const truckPath = await firstLink(url, "/catalog/trucks", /^\/catalog\/trucks\/[^/]+\/[^/]+$/);
    for (const pathname of [
      "/",
      "/contacts",
      "/leasing",
      "/privacy",
      "/delivery",
      "/service",
      "/catalog/trucks",
      truckPath,
    ]) {
      const html = await page(pathname);
      expect(html, pathname).not.toContain(OLD.display);
      expect(html, pathname).not.toContain(OLD.tel);
      for (const { key, forms } of FACTS)
        for (const form of forms) expect(html.includes(form), `${pathname}: ${key}`).toBe(false);
    }
    // The leasing partners' logos as the copy's own content names them (wherever its files are),
    // each on /leasing and, when it is a file of the site, served.
    const partners = JSON.parse(
      execFileSync(process.execPath, [TSX, "scripts/content-value.ts", "leasing.partners"], {
        cwd: dir,
        env: { ...process.env, NODE_ENV: "production" },
        encoding: "utf8",
      }),
    ) as { name: string; logo: string }[];
    expect(partners.length, "the copy's leasing partners").toBeGreaterThan(0);
    const leasing = await page("/leasing");
    for (const { logo } of partners) {
      const src = logo.replace(/&/g, "&amp;");
      expect(leasing, logo).toMatch(new RegExp(`<img[^>]+src="${src.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`));
      if (logo.startsWith("/")) expect((await fetch(url + logo)).status, logo).toBe(200);
    }
  });

  it("states the leasing term in the places go-live names: months in /leasing's intro and the home's card, years elsewhere", async () => {
    // React separates adjacent text with empty comments.
    const text = async (pathname: string) => (await page(pathname)).replace(/<!-- -->/g, "");
    const [home, leasing] = [await text("/"), await text("/leasing")];
    expect(COPY_DISAGREEMENTS.find((line) => line.startsWith("leasing.termMonths:"))).toContain(
      "/leasing's intro and the home page's leasing card",
    );
    expect(home).toContain(`срок до ${TERM.months} месяцев`);
    expect(between(leasing, '<p class="lead">', "</p>")).toContain(`на срок до ${TERM.months} месяцев`);
    // /leasing's FAQ, its terms and description, and the calculator's range.
    expect(leasing).toContain(`До ${TERM.years} лет (до ${TERM.years * 12} месяцев)`);
    expect(between(leasing, 'aria-labelledby="terms-title"', "</section>")).toContain(`до ${TERM.years} лет`);
    expect(leasing).toMatch(new RegExp(`<meta name="description" content="[^"]*срок до ${TERM.years} лет`));
    expect(leasing).toContain(`от ${LEASING.minTermMonths} до ${TERM.years * 12} месяцев`);
    for (const html of [home, leasing])
      expect(html).not.toMatch(new RegExp(`до ${LEASING.termMonths} месяцев|до ${LEASING.termYears} лет`));
  });

  it("leaves the old number nowhere in the build", () => {
    const files = [...filesUnder(path.join(dir, "build")), ...filesUnder(path.join(dir, "public/build"))];
    expect(files.length).toBeGreaterThan(20);
    const digits = OLD.tel.slice(2);
    for (const file of files) {
      const text = fs.readFileSync(file, "utf8");
      expect(text.includes(OLD.display) || text.includes(digits), file).toBe(false);
    }
    expect(files.some((file) => fs.readFileSync(file, "utf8").includes(NEW.display))).toBe(true);
  });

  it("still says demo in /healthz and the start-up warning while the parts catalogue is the embedded demo", async () => {
    expect(await (await fetch(`${url}/healthz`)).json()).toMatchObject({
      status: "ok",
      content: "demo",
      leads: "local",
    });
    const warning = output.split("\n").find((line) => line.includes('"level":"warn"'));
    expect(JSON.parse(warning ?? "{}").msg).toBe(
      `not ready to go live: 0 demo values and the demo parts catalogue, ${COPY_DISAGREEMENTS.length} disagreements, ` +
        // The parts catalogue, the notify service, and the test server's http://127.0.0.1 SITE_URL.
        "3 failed settings; run npm run go-live",
    );
  });

  it("go-live on this checkout lists every demo value, the disagreements and the missing settings, and exits 1", async () => {
    const { code, out } = await goLive(ROOT);
    expect(code).toBe(1);
    for (const item of REPORT.demo)
      expect(out).toMatch(new RegExp(`^ +${item.key.replace(/[.]/g, "\\.")} +line \\d+ `, "m"));
    if (REPORT.demo.length === 0) expect(out).toContain(`Demo values: none left in ${CONTENT_FILE}`);
    for (const text of REPORT.disagreements) expect(out).toContain(`FAIL ${text}`);
    expect(out).toContain("FAIL PARTS_API_URL not set: the parts catalogue is the embedded demo");
    expect(out).toContain("FAIL NOTIFY_API_URL and NOTIFY_API_KEY not set");
    expect(out).toContain("FAIL SITE_URL not set");
  });

  it("go-live in the image (node build/go-live.js, no sources, no tsx) reports the content built in and the settings", async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "go-live-image-"));
    try {
      const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, [path.join(ROOT, "build/go-live.js")], {
          cwd: empty,
          env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", DATA_DIR: path.join(empty, "data") },
        });
        let text = "";
        child.stdout.on("data", (chunk) => (text += chunk));
        child.stderr.on("data", (chunk) => (text += chunk));
        child.on("close", (status) => resolve({ code: status, out: text }));
      });
      expect(code).toBe(1);
      for (const item of REPORT.demo) expect(out).toMatch(new RegExp(`^ +${item.key.replace(/[.]/g, "\\.")} `, "m"));
      expect(out).toContain("FAIL PARTS_API_URL not set: the parts catalogue is the embedded demo");
      expect(out).toContain("FAIL SITE_URL not set");
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it("go-live on the copy: no demo value left; passes once the figures agree and a parts API answers", async () => {
    const settings = {
      NOTIFY_API_URL: "https://notify.dealer.example",
      NOTIFY_API_KEY: "key",
      SITE_URL: "https://dealer.example",
    };
    const before = await goLive(dir, settings);
    expect(before.out).toContain(`Demo values: none left in ${CONTENT_FILE}`);
    for (const text of COPY_DISAGREEMENTS) expect(before.out).toContain(`FAIL ${text}`);
    expect(before.out).toContain("FAIL PARTS_API_URL not set");
    expect(before.code).toBe(1);

    // The figures made to agree, as the dealer would.
    editContent(dir, (source) => {
      let out = replaceOnce(source, /heroSavings: [\d_]+/, `heroSavings: ${Math.max(...Object.values(TRUCK_SAVINGS))}`);
      out = replaceOnce(out, /(models: \{ value: )"\d+"/, `$1"${ALL_TRUCKS.length}"`);
      return replaceOnce(out, /termMonths: \d+/, `termMonths: ${TERM.years * 12}`);
    });
    const body = JSON.stringify(generateParts(30));
    const partsApi = http.createServer((req, res) => {
      if (req.url === "/api/parts") res.writeHead(200, { "content-type": "application/json" }).end(body);
      else res.writeHead(503).end("down");
    });
    await new Promise<void>((resolve) => partsApi.listen(0, "127.0.0.1", resolve));
    const api = `http://127.0.0.1:${(partsApi.address() as AddressInfo).port}`;
    try {
      const ready = await goLive(dir, { ...settings, PARTS_API_URL: `${api}/api` });
      expect(ready.out).toContain("Figures: the hero's savings, the models statistic and the leasing term agree");
      expect(ready.out).toMatch(new RegExp(`note PARTS_API_URL: GET ${api}/api/parts gave 30 parts in \\d+ groups`));
      expect(ready.out).toContain("Ready to go live.");
      expect(ready.code).toBe(0);

      const down = await goLive(dir, { ...settings, PARTS_API_URL: `${api}/down` });
      expect(down.out).toContain(`FAIL PARTS_API_URL: GET ${api}/down/parts answered HTTP 503, not 200`);
      expect(down.code).toBe(1);
      // Without the notify service the same content still fails.
      expect((await goLive(dir, { SITE_URL: settings.SITE_URL, PARTS_API_URL: `${api}/api` })).code).toBe(1);
    } finally {
      partsApi.close();
    }
  });
});
