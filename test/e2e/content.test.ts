/**
 * The dealer's content replaced once: a copy of the project with another sales phone, built and
 * served, shows the new number wherever the site shows that desk and the old one nowhere in the
 * build. Then `npm run go-live` on the demo content and, in the copy, on clean content.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtServerEnv, firstLink, freePort, waitForHealthz } from "../server-process";

const ROOT = process.cwd();
const CONTENT_FILE = "app/content/dealer.ts";
const OLD = { display: "+7 (391) 200-00-01", tel: "+73912000001", digits: "3912000001" };
const NEW = { display: "+7 (391) 555-12-34", tel: "+73915551234" };

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

/** What a dealer does to each placeholder: keep the value, remove the demo( ) around it. */
function removeDemoMarkers(source: string): string {
  let out = source;
  for (let start = out.indexOf("demo("); start >= 0; start = out.indexOf("demo(", start)) {
    let depth = 0;
    let end = start + 4;
    do {
      if (out[end] === "(") depth++;
      else if (out[end] === ")") depth--;
      end++;
    } while (depth > 0);
    out = out.slice(0, start) + out.slice(start + 5, end - 1) + out.slice(end);
  }
  return out;
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function goLive(cwd: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/go-live.ts"], {
    cwd,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production" as const, ...env },
    encoding: "utf8",
  });
  return { code: result.status, out: result.stdout + result.stderr };
}

function between(html: string, start: string, end: string): string {
  const from = html.indexOf(start);
  expect(from, start).toBeGreaterThanOrEqual(0);
  return html.slice(from, html.indexOf(end, from));
}

describe("the dealer's content, replaced once", () => {
  let dir = "";
  let server: ChildProcess | undefined;
  let url = "";

  beforeAll(async () => {
    dir = copyProject();
    editContent(dir, (source) => {
      expect(source).toContain(`"${OLD.display}"`);
      return source.replace(`"${OLD.display}"`, `"${NEW.display}"`);
    });
    const env = { ...process.env, NODE_ENV: "production" as const };
    execFileSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/check-content.ts"], {
      cwd: dir,
      env,
    });
    execFileSync(process.execPath, [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
      cwd: dir,
      env,
      stdio: "ignore",
    });
    execFileSync(process.execPath, ["scripts/build-entries.mjs"], { cwd: dir, env, stdio: "ignore" });

    const port = await freePort();
    let output = "";
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

    for (const html of [home, contacts, await page(partPath), await page("/delivery"), await page("/privacy")]) {
      expect(html).not.toContain(OLD.display);
      expect(html).not.toContain(OLD.digits);
    }
  });

  it("leaves the old number nowhere in the build", () => {
    const files = [...filesUnder(path.join(dir, "build")), ...filesUnder(path.join(dir, "public/build"))];
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const text = fs.readFileSync(file, "utf8");
      expect(text.includes("200-00-01") || text.includes(OLD.digits), file).toBe(false);
    }
    expect(files.some((file) => fs.readFileSync(file, "utf8").includes(NEW.display))).toBe(true);
  });

  it("go-live lists the demo values, the disagreements and the missing notify service, and exits 1", () => {
    const { code, out } = goLive(ROOT);
    expect(code).toBe(1);
    expect(out).toMatch(/desks\.sales\.phones\.0 +line \d+ +Отдел продаж техники: \+7 \(391\) 200-00-01/);
    expect(out).toMatch(/leasing\.partners\.0 +line \d+ +Лизинг-партнёр 1/);
    expect(out).toContain(
      "home.heroSavings: the hero claims «Экономия до 400 000 ₽», but a truck card shows «Экономия 800 000 ₽»",
    );
    expect(out).toContain("home.stats.models: the statistics say 15 models, the catalogue lists 16");
    expect(out).toContain("FAIL NOTIFY_API_URL and NOTIFY_API_KEY not set");
    expect(out).toContain("FAIL SITE_URL not set");
  });

  it("go-live passes on clean content with the launch settings set, and exits 0", () => {
    editContent(dir, (source) =>
      removeDemoMarkers(source)
        .replace("heroSavings: 400_000", "heroSavings: 800_000")
        .replace('{ value: "15", label: "моделей в наличии" }', '{ value: "16", label: "моделей в наличии" }'),
    );
    const settings = {
      NOTIFY_API_URL: "https://notify.dealer.example",
      NOTIFY_API_KEY: "key",
      SITE_URL: "https://dealer.example",
    };
    const { code, out } = goLive(dir, settings);
    expect(out).toContain("Ready to go live.");
    expect(out).toContain("note TRUST_PROXY not set");
    expect(code).toBe(0);
    // Without the notify service the same content still fails.
    expect(goLive(dir, { SITE_URL: settings.SITE_URL }).code).toBe(1);
  });
});
