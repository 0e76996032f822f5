/**
 * 1C's exchange against the built server: the fake 1C speaks the protocol over HTTP, files
 * zipped and cut into posts, and the exchange answers in plain text, never a 500.
 */
import fs from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeXml, importXml, offersXml, sampleCatalogue, statusesXml } from "../commerceml";
import { Fake1C, httpTransport } from "../fake-1c";
import { launchState } from "~server/launch-state.server";
import { pictureUrl } from "~server/onec/pictures.server";
import { formatRub } from "~/lib/format";
import { MODES, openPage, serverAndBrowser, startServer, type RunningServer } from "./harness";

const credentials = { user: "site-exchange", password: "Пароль:1c" };
const sample = sampleCatalogue(300);
const importBytes = encodeXml(importXml({ groups: sample.groups, goods: sample.goods }), "windows-1251");
const offersBytes = encodeXml(offersXml({ priceTypes: [sample.priceType], offers: sample.offers }), "utf-8-bom");
const picture = sample.goods.find((g) => g.pictures?.length)!.pictures![0];

describe("/1c-exchange on", () => {
  const suite = serverAndBrowser(() => ({
    ONEC_EXCHANGE_USER: credentials.user,
    ONEC_EXCHANGE_PASSWORD: credentials.password,
    ONEC_PRICE_TYPE: sample.priceType.name,
  }));
  let server: RunningServer;
  let onec: Fake1C;
  beforeAll(() => {
    server = suite.server;
    onec = new Fake1C(httpTransport(server.url), credentials);
  });

  it("refuses a wrong password with 401, and calls without the session's cookie", async () => {
    const wrong = new Fake1C(httpTransport(server.url), { ...credentials, password: "wrong" });
    const answer = await wrong.call("catalog", "checkauth", {}, undefined, true);
    expect([answer.status, answer.text.split("\n")[0]]).toEqual([401, "failure"]);
    const noCookie = await wrong.call("catalog", "init");
    expect(noCookie.text.split("\n")[0]).toBe("failure");
  });

  it("takes a zipped catalogue in file_limit posts and imports it", async () => {
    // Before 1C's first catalogue the demo serves (no PARTS_API_URL), and /healthz says so.
    expect(await health(server)).toMatchObject({ content: "demo", catalogue: "demo" });
    const lines = await onec.checkauth("catalog");
    expect(lines.slice(0, 2)).toEqual(["success", "faw_1c_session"]);
    expect(await onec.init("catalog")).toBe("zip=yes\nfile_limit=8388608");
    const archive = zipSync({
      "import.xml": importBytes,
      "offers.xml": offersBytes,
      [picture]: new Uint8Array([1, 2, 3]),
    });
    // Smaller posts than the site's limit, so the archive comes in several.
    onec.fileLimit = 4 * 1024;
    const answers = await onec.upload("catalog", "goods.zip", archive);
    expect(answers.length).toBeGreaterThan(2);
    expect(new Set(answers)).toEqual(new Set(["success"]));
    const imported = await onec.import("import.xml");
    expect(imported.last).toMatch(/^success\nimport\.xml: 300 товаров$/);
    // From its commit on, while the server runs, /healthz tells 1C's catalogue.
    expect(await health(server)).toMatchObject({ catalogue: "1c" });
    const offers = await onec.import("offers.xml");
    expect(offers.last).toBe(`success\noffers.xml: 300 предложений, тип цен ${sample.priceType.name}`);
    expect(fs.readFileSync(path.join(server.dataDir, "1c", "files", ...picture.split("/")))).toEqual(
      Buffer.from([1, 2, 3]),
    );
    // The site serves it, and nothing else of the exchange's folder.
    const served = await fetch(`${server.url}${pictureUrl(picture)}`);
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    expect([...new Uint8Array(await served.arrayBuffer())]).toEqual([1, 2, 3]);
    expect((await fetch(`${server.url}/1c-files/import_files/%2e%2e/%2e%2e/state.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/1c-files/state.json`)).status).toBe(404);
    expect((await onec.call("catalog", "deactivate")).text).toBe("success");
    expect((await onec.call("catalog", "complete")).text).toBe("success");
  });

  it("fails a malformed file with its line, and file names that climb out of the folder", async () => {
    await onec.checkauth("catalog");
    await onec.init("catalog");
    const broken = Buffer.from(
      importXml({ groups: sample.groups, goods: sample.goods.slice(0, 2) }).replace("<Товары>", "<Товары"),
    );
    await onec.upload("catalog", "import.xml", broken);
    expect((await onec.import("import.xml")).last).toMatch(/^failure\nОшибка XML в файле import\.xml, строка \d+: /);
    const climbing = await onec.call("catalog", "file", { filename: "../../escape.xml" }, Buffer.from("<x/>"));
    expect([climbing.status, climbing.text.split("\n")[0]]).toEqual([200, "failure"]);
    expect(fs.existsSync(path.join(server.dataDir, "escape.xml"))).toBe(false);
    expect((await onec.call("catalog", "rebuild")).text).toBe("failure\nНеизвестный режим обмена: mode=rebuild");
  });

  it("lists orders as XML with a BOM and takes statuses back", async () => {
    await onec.checkauth("sale");
    await onec.init("sale");
    const xml = await onec.query();
    expect([...xml.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(xml.toString("utf8")).toContain('ВерсияСхемы="2.08"');
    expect(await onec.success()).toBe("success");
    expect(
      await onec.sendStatuses(encodeXml(statusesXml([{ number: "0000-0000", status: "Отгружен" }]), "utf-8")),
    ).toEqual(["success"]);
  });

  it("puts 1C's parts on the pages and in search; a changes-only offers file moves a price; a part left out goes", async () => {
    const good = sample.goods[7];
    const offer = sample.offers[7];
    const searched = await until(
      () => page(`/catalog/parts?search=${encodeURIComponent(good.article)}`),
      (html) => html.includes(good.name),
    );
    expect(searched).toContain(good.name);
    // The part's address ends with the first digits of its Ид (made at its first import).
    const short = good.id
      .replace(/[^A-Za-z0-9]/g, "")
      .slice(0, 8)
      .toLowerCase();
    const slug = [...searched.matchAll(/href="\/catalog\/parts\/([a-z0-9-]+)"/g)]
      .map((m) => m[1])
      .find((found) => found.endsWith(`-${short}`));
    expect(slug).toBeTruthy();
    const partPath = `/catalog/parts/${slug}`;
    // The catalogue built on import.xml's success may show before offers.xml's prices (built next).
    const price = formatRub(offer.prices[sample.priceType.id]);
    expect(
      await until(
        () => page(partPath),
        (html) => html.includes(price),
      ),
    ).toContain(price);

    // A changes-only offers.xml: the new price shows on the page soon after its success, applied
    // in place, not at the catalogue's next refresh (PARTS_CACHE_TTL_SECONDS, 300 s). How soon at
    // 100 000 goods is `npm run bench:1c`'s figure.
    const newPrice = 98_765;
    const changes = offersXml({
      priceTypes: [sample.priceType],
      offers: [{ id: good.id, prices: { [sample.priceType.id]: newPrice }, quantity: 3 }],
      onlyChanges: true,
    });
    const runs = await onec.exchangeCatalogue({ "offers.xml": encodeXml(changes, "utf-8") });
    expect(runs["offers.xml"].last).toMatch(/^success\n/);
    const changed = await until(
      () => page(partPath),
      (html) => html.includes(formatRub(newPrice)),
      20_000,
    );
    expect(changed).toContain(formatRub(newPrice));

    // A visitor finds it by its article and opens it: on a phone and a desktop, with and without JavaScript.
    for (const mode of MODES) {
      for (const mobile of [true, false]) {
        const { page: tab, context } = await openPage(suite, `/catalog/parts?search=${good.article}`, {
          javaScriptEnabled: mode.javaScriptEnabled,
          mobile,
        });
        const link = tab.locator(`main a[href="${partPath}"]:visible`).first();
        await (mobile ? link.tap() : link.click());
        await tab.waitForURL((url) => url.pathname === partPath);
        await expect(tab.getByText(formatRub(newPrice)).first().isVisible()).resolves.toBe(true);
        await context.close();
      }
    }

    // The next full import leaves it out: its page goes to /not-found, the others stay.
    const rest = sample.goods.filter((g) => g.id !== good.id);
    const full = await onec.exchangeCatalogue({
      "import.xml": encodeXml(importXml({ groups: sample.groups, goods: rest }), "utf-8"),
    });
    expect(full["import.xml"].last).toMatch(/^success\n/);
    const gone = await until(
      () => fetch(`${server.url}${partPath}`, { redirect: "manual" }),
      (res) => res.status !== 200,
    );
    expect([gone.status, gone.headers.get("location")]).toEqual([302, "/not-found"]);
    expect(await page(`/catalog/parts?search=${encodeURIComponent(rest[0].article)}`)).toContain(rest[0].name);
  });

  it("another server of the store, without the exchange, says at start and in /healthz that 1C's catalogue serves, and serves its pictures", async () => {
    const other = await startServer({ DATA_DIR: server.dataDir });
    try {
      expect(other.logs()).toContain('"parts":"1C catalogue"');
      const warning = other
        .logs()
        .split("\n")
        .find((line) => line.includes('"level":"warn"'));
      const { msg } = JSON.parse(warning ?? "{}") as { msg?: string };
      expect(msg).not.toContain("demo parts catalogue");
      expect(msg).toBe(launchState({ SITE_URL: other.url }, undefined, "1c").warning?.message);
      expect(await health(other)).toMatchObject({ status: "ok", catalogue: "1c" });
      const served = await fetch(`${other.url}${pictureUrl(picture)}`);
      expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
      expect([...new Uint8Array(await served.arrayBuffer())]).toEqual([1, 2, 3]);
    } finally {
      await other.stop();
    }
  });

  async function page(path: string): Promise<string> {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(200);
    return res.text();
  }
});

async function health(on: RunningServer): Promise<Record<string, unknown>> {
  return (await (await fetch(`${on.url}/healthz`)).json()) as Record<string, unknown>;
}

/** Asks again until `ok` (the catalogue is built in the background after an import's success). */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("/1c-exchange off", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it("answers as any unknown address", async () => {
    const known = await fetch(`${server.url}/1c-exchange?type=catalog&mode=checkauth`, { redirect: "manual" });
    const unknown = await fetch(`${server.url}/no-such-page`, { redirect: "manual" });
    expect([known.status, known.headers.get("location")]).toEqual([unknown.status, unknown.headers.get("location")]);
    const post = await fetch(`${server.url}/1c-exchange?type=catalog&mode=file&filename=import.xml`, {
      method: "POST",
      body: "<x/>",
      redirect: "manual",
    });
    expect([post.status, post.headers.get("location")]).toEqual([303, "/not-found"]);
  });
});
