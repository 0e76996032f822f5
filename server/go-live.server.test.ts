import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { CONTENT, DEMO_ENTRIES } from "~/content";
import { localFiles } from "~/content/schema";
import { demo, unwrapDemo } from "~/content/demo";
import { ALL_TRUCKS } from "~/data/trucks";
import { truckOffer } from "~/content";
import { CONSENT_TEXT_VERSION, LEGAL_TEMPLATE_EDITION, POLICY_VERSION } from "~/lib/consent";
import { startFakeSmtp } from "../test/fake-smtp";
import { generateParts } from "./demo-catalogue.server";
import { contentChecks, sampleFiles } from "./go-live-checks.server";
import { newLeadId } from "./lead-record.server";
import { migrate, openStoreDb, sqliteFile } from "./store/db.server";
import { acceptLead } from "./store/leads.server";
import { createStoreCatalogue } from "./store/onec-catalogue.server";
import { parseConfig } from "./config.server";
import { launchState, servedCatalogue } from "./launch-state.server";
import { createSiteExchange } from "./onec/site-exchange.server";
import {
  checkGoLive,
  CONTENT_FILE,
  demoItems,
  disagreements,
  goLiveReport,
  openCount,
  sampleFileItems,
  settings,
  siteFigures,
  type GoLiveReport,
} from "./go-live.server";

/** Figures that agree; each test below breaks one. */
const figures = {
  heroSavings: 800_000,
  truckSavings: { tyagach: 800_000, spectehnika: 0, samosval: 600_000 },
  modelsStat: "16",
  catalogueModels: 16,
  leasingTermMonths: 60,
  leasingTermYears: 5,
};

const API = "http://parts.test/api";
const READY = {
  PARTS_API_URL: API,
  PARTS_TIMEOUT_MS: "300",
  NOTIFY_API_URL: "https://notify.test",
  NOTIFY_API_KEY: "key",
  SITE_URL: "https://dealer.test",
};

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function partsApi(respond: () => Response | Promise<Response>) {
  const hits = { count: 0 };
  server.use(
    http.get(`${API}/parts`, () => {
      hits.count++;
      return respond();
    }),
  );
  return hits;
}

/** The parts API's line of the report: failures and notes that name PARTS_API_URL. */
async function partsReport(env: Record<string, string> = READY) {
  const report = await checkGoLive(env);
  const mine = (lines: string[]) => lines.filter((line) => line.startsWith("PARTS_API_URL"));
  return { failures: mine(report.failures), notes: mine(report.notes), report };
}

describe("go-live figures", () => {
  it("passes figures that agree", () => {
    expect(disagreements(figures)).toEqual([]);
  });

  it("names the hero's savings under the largest badge", () => {
    expect(disagreements({ ...figures, heroSavings: 400_000 })).toEqual([
      "home.heroSavings: the hero claims «Экономия до 400 000 ₽», but a truck card shows «Экономия 800 000 ₽» (truckSavings.tyagach)",
    ]);
  });

  it("names a models statistic the catalogue does not match", () => {
    expect(disagreements({ ...figures, modelsStat: "15" })).toEqual([
      "home.stats.models: the statistics say 15 models, the catalogue lists 16",
    ]);
  });

  it("names the leasing term in months against the term in years, with the places that state each, in one line", () => {
    expect(disagreements({ ...figures, leasingTermMonths: 59 })).toEqual([
      "leasing.termMonths: /leasing's intro and the home page's leasing card say «до 59 месяцев», " +
        "but /leasing's FAQ, its terms and description, and the calculator's range say «до 5 лет» " +
        "(60 months, leasing.termYears)",
    ]);
    expect(disagreements({ ...figures, leasingTermMonths: 36, leasingTermYears: 3 })).toEqual([]);
    expect(disagreements({ ...figures, leasingTermMonths: 48 })[0]).toContain("«до 48 месяцев»");
  });

  it("reads the figures from the content", () => {
    expect(goLiveReport({}).disagreements).toEqual(disagreements(siteFigures()));
  });
});

describe("go-live settings", () => {
  it("notes the leads kept in the store while no notify service was set, and how to send them", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "go-live-kept-"));
    try {
      const env = { NOTIFY_API_URL: "https://notify.test", NOTIFY_API_KEY: "key", DATA_DIR: dataDir };
      expect((await checkGoLive(env)).notes.join("\n")).not.toContain("were kept");
      const store = openStoreDb({ dataDir });
      await migrate(store);
      for (const kept of [true, true, false])
        await acceptLead(store, {
          lead: {
            id: newLeadId(),
            form: "callback",
            request: { kind: "json", body: { name: "callback", fields: [] } },
          },
          kept,
          claimTtlMs: 0,
        });
      await store.close();
      expect((await checkGoLive(env)).notes[0]).toBe(
        `2 leads and orders in the store (${sqliteFile(dataDir)}) were kept while no notify service was set, and nobody was ` +
          "told: once NOTIFY_API_URL is set, npm run leads:resend -- --kept sends them (remove the ones that were tests)",
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("fails on the demo catalogue, without the notify service or SITE_URL, and only notes the optional settings", () => {
    const bare = settings({});
    expect(bare.failures).toHaveLength(3);
    expect(bare.failures[0]).toMatch(/^PARTS_API_URL not set: the parts catalogue is the embedded demo/);
    expect(bare.failures[1]).toMatch(/^NOTIFY_API_URL and NOTIFY_API_KEY not set: leads and orders stay only on disk/);
    expect(bare.failures[2]).toMatch(/^SITE_URL not set/);
    expect(bare.notes.map((n) => n.split(" ")[0])).toEqual([
      "TRUST_PROXY",
      "YANDEX_MAPS_API_KEY",
      "YANDEX_METRICA_ID",
      "SMTP_URL",
      "DADATA_API_KEY",
    ]);
    expect(bare.notes).toContain("SMTP_URL not set: customers get no order confirmation by e-mail");
    expect(bare.notes.at(-1)).toMatch(/^DADATA_API_KEY not set: customers type the ИНН without company suggestions/);
    expect(settings({ DADATA_API_KEY: "k" }).notes.at(-1)).toMatch(/^DADATA_API_KEY set/);
    const mail = settings({ SMTP_URL: "smtps://user:secret@smtp.example:465", MAIL_FROM: "shop@dealer.example" });
    expect(mail.notes.at(-2)).toBe(
      "SMTP_URL set: customers get their order confirmation by e-mail from shop@dealer.example",
    );
    // The URL carries the SMTP password: never printed.
    expect(mail.notes.join("\n")).not.toContain("secret");
    expect(settings({ ...READY, NOTIFY_API_URL: "" }).failures).toEqual([
      "NOTIFY_API_URL not set: leads and orders stay only on disk (DATA_DIR/leads), nobody is notified",
    ]);
    // The URL without its key: the server would not start at all, which is what is said.
    expect(settings({ ...READY, NOTIFY_API_KEY: "" }).failures).toEqual([
      "Invalid environment variable NOTIFY_API_KEY: required when NOTIFY_API_URL is set: npm start refuses to start",
    ]);
    expect(settings({ ...READY, PARTS_API_URL: " " }).failures).toHaveLength(1);
    expect(settings(READY).failures).toEqual([]);
  });

  it("fails a SITE_URL that is not the public https:// address: localhost as in .env.example, plain http", () => {
    for (const local of [
      "http://localhost:3000",
      "https://127.0.0.1",
      "https://[::1]:3000",
      "http://faw-solontsy.ru",
    ]) {
      const { failures } = settings({ ...READY, SITE_URL: local });
      expect(failures, local).toHaveLength(1);
      expect(failures[0]).toMatch(
        new RegExp(`^SITE_URL=${local.replace(/[.[\]]/g, "\\$&")} is not the site's public https:// address`),
      );
    }
  });

  it("fails what npm start now refuses: a notify URL with /v1/notify, a URL of another scheme, Metrica counter 0", () => {
    const refused = (env: Record<string, string>) => settings({ ...READY, ...env }).failures;
    expect(refused({ NOTIFY_API_URL: "https://notify.example.ru/v1/notify" })[0]).toMatch(
      /^Invalid environment variable NOTIFY_API_URL: без \/v1\/notify в конце/,
    );
    expect(refused({ PARTS_API_URL: "ftp://parts.example.ru" })[0]).toMatch(
      /^Invalid environment variable PARTS_API_URL: должен начинаться с https:\/\//,
    );
    expect(refused({ YANDEX_METRICA_ID: "0" })[0]).toMatch(/^Invalid environment variable YANDEX_METRICA_ID: /);
    expect(refused({ NOTIFY_API_URL: "https://notify.example.ru/api" })).toEqual([]);
  });
});

describe("go-live parts API", () => {
  it("asks GET {PARTS_API_URL}/parts once and notes the parts and groups", async () => {
    const body = generateParts(40);
    const hits = partsApi(() => HttpResponse.json(body));
    const { failures, notes } = await partsReport({ ...READY, PARTS_API_URL: `${API}/` });
    expect(hits.count).toBe(1);
    expect(failures).toEqual([]);
    expect(notes).toEqual([`PARTS_API_URL: GET ${API}/parts gave 40 parts in ${body.length} groups`]);
  });

  it("fails pictures the pages could not show: hosts PARTS_IMAGE_ORIGINS does not name, paths of a plain http:// parts API", async () => {
    const [first, ...rest] = generateParts(20);
    const pictures = [
      ["https://cdn.parts.example/1.jpg", "http://plain.parts.example/3.jpg"],
      ["https://cdn.parts.example/2.jpg", "//img.other.example/2.jpg", "ftp://parts.test/4.jpg"],
      ["/upload/iblock/no-such-file.jpg", "upload/iblock/relative.jpg", "/bad-%E0%A4%A.jpg"],
    ];
    expect(first.parts.length).toBeGreaterThanOrEqual(pictures.length);
    const parts = first.parts.map((part, i) => (i < pictures.length ? { ...part, images: pictures[i] } : part));
    partsApi(() => HttpResponse.json([{ ...first, parts }, ...rest]));
    const { failures } = await partsReport();
    expect(failures).toEqual([
      "PARTS_API_URL: 3 part pictures are on hosts the pages may not show (https://cdn.parts.example, " +
        "https://img.other.example): each would show the placeholder; name them in PARTS_IMAGE_ORIGINS",
      "PARTS_API_URL: 1 part pictures are plain http:// addresses, which pages served over https do not show: " +
        "have the parts API give https:// ones",
      "PARTS_API_URL: 3 part pictures are paths of the parts API, which is plain http://: the pages and the feed " +
        "give them as http://parts.test/upload/iblock/no-such-file.jpg, and browsers do not show http:// pictures " +
        "on pages served over https (the pages show none): serve the parts API over https, or have it give full " +
        "https:// addresses",
      "PARTS_API_URL: 1 part pictures are no http(s) address: each would show the placeholder; have the parts API " +
        "give paths or https:// addresses",
    ]);
    const named = await partsReport({
      ...READY,
      PARTS_IMAGE_ORIGINS: "https://cdn.parts.example https://img.other.example",
    });
    expect(named.failures).toEqual(failures.slice(1));
  });

  describe("pictures given as paths of an https parts API", () => {
    const HTTPS_API = "https://parts.test/api";
    const catalogue = () => {
      const [first, ...rest] = generateParts(20);
      const images = [["/img/123.jpg"], ["img/124.jpg", "/images/parts/filter.webp"]];
      const parts = first.parts.map((part, i) => (i < images.length ? { ...part, images: images[i] } : part));
      return [{ ...first, parts }, ...rest];
    };
    const serve = (picture: () => Response) =>
      server.use(
        http.get(`${HTTPS_API}/parts`, () => HttpResponse.json(catalogue())),
        http.get("https://parts.test/img/123.jpg", picture),
      );

    it("notes where the pages and the feed show them from, and how the first answered", async () => {
      serve(() => new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { "content-type": "image/jpeg" } }));
      const { failures, notes } = await partsReport({ ...READY, PARTS_API_URL: HTTPS_API });
      expect(failures).toEqual([]);
      expect(notes).toEqual([
        expect.stringMatching(
          /^PARTS_API_URL: GET https:\/\/parts\.test\/api\/parts gave 20 parts in \d+ groups; 2 pictures are its paths, shown by the pages and the feed from its host \(https:\/\/parts\.test\/img\/123\.jpg: HTTP 200 image\/jpeg\)$/,
        ),
      ]);
    });

    it("fails them when the first is not a picture: the pages would show the placeholder", async () => {
      serve(() => new HttpResponse("not found", { status: 404, headers: { "content-type": "text/html" } }));
      const { failures } = await partsReport({ ...READY, PARTS_API_URL: HTTPS_API });
      expect(failures).toEqual([
        "PARTS_API_URL: 2 part pictures are paths of the parts API: the pages and the feed give them as " +
          "https://parts.test/img/123.jpg, and the first is no picture (HTTP 404 text/html): the pages show the placeholder",
      ]);
    });
  });

  it("counts the malformed parts the server would leave out", async () => {
    const [first, ...rest] = generateParts(20);
    partsApi(() => HttpResponse.json([{ ...first, parts: [...first.parts, { id: "" }] }, ...rest]));
    const { failures, notes } = await partsReport();
    expect(failures).toEqual([]);
    expect(notes[0]).toMatch(/gave 20 parts in \d+ groups, 1 malformed parts left out$/);
  });

  it("does not ask when PARTS_API_URL is unset: the demo catalogue fails instead", async () => {
    const hits = partsApi(() => HttpResponse.json(generateParts(5)));
    const { failures, report } = await partsReport({ ...READY, PARTS_API_URL: "" });
    expect(hits.count).toBe(0);
    expect(failures).toEqual([
      expect.stringMatching(/^PARTS_API_URL not set: the parts catalogue is the embedded demo/),
    ]);
    expect(report.failures).toHaveLength(1);
  });

  it.each([
    ["unreachable", () => HttpResponse.error(), /^PARTS_API_URL: GET \S+\/parts unreachable: /],
    [
      "not 200",
      () => new HttpResponse("down", { status: 503 }),
      /^PARTS_API_URL: GET \S+\/parts answered HTTP 503, not 200$/,
    ],
    ["not JSON", () => new HttpResponse("<html>", { status: 200 }), /^PARTS_API_URL: GET \S+ malformed: .*JSON/],
    [
      "not a list of groups",
      () => HttpResponse.json({ parts: [] }),
      /malformed: parts API: expected a list of groups \{group, parts\}, got object/,
    ],
    [
      "every part malformed",
      () => HttpResponse.json([{ group: "Фильтры", parts: [{ id: "a" }, { name: "b" }] }]),
      /malformed: every part is malformed \(2 left out\)$/,
    ],
    ["empty", () => HttpResponse.json([]), /^PARTS_API_URL: GET \S+\/parts empty: the list has no parts$/],
    ["empty groups", () => HttpResponse.json([{ group: "Фильтры", parts: [] }]), /empty: the list has no parts$/],
    [
      "slower than PARTS_TIMEOUT_MS",
      async () => {
        await delay(2_000);
        return HttpResponse.json(generateParts(5));
      },
      /^PARTS_API_URL: GET \S+\/parts no answer within 300 ms \(PARTS_TIMEOUT_MS\)$/,
    ],
  ])("fails when the parts API is %s, with the reason", async (_what, respond, reason) => {
    partsApi(respond);
    const { failures, notes } = await partsReport();
    expect(notes).toEqual([]);
    expect(failures).toEqual([expect.stringMatching(reason)]);
  });

  it("fails on a body over PARTS_MAX_BYTES, as the server refuses it", async () => {
    partsApi(() => HttpResponse.json(generateParts(50)));
    const { failures } = await partsReport({ ...READY, PARTS_MAX_BYTES: "2048" });
    expect(failures).toEqual([expect.stringMatching(/too big: .*PARTS_MAX_BYTES/)]);
  });

  it("fails on an invalid PARTS_TIMEOUT_MS with the server's own message", async () => {
    const { report } = await partsReport({ ...READY, PARTS_TIMEOUT_MS: "soon" });
    expect(report.failures).toEqual([expect.stringMatching(/^Invalid environment variable PARTS_TIMEOUT_MS/)]);
  });

  it("leaves nothing open in the settings when everything is set and the parts API answers", async () => {
    partsApi(() => HttpResponse.json(generateParts(10)));
    const report = await checkGoLive(READY);
    expect(report.failures).toEqual([]);
    expect(openCount(report)).toBe(DEMO_ENTRIES.length + report.disagreements.length);
  });
});

describe("go-live settings", () => {
  it("fails a setting that is set but that npm start would refuse, in npm start's words", () => {
    const { failures } = settings({ ...READY, SITE_URL: "faw-solontsy.ru" });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(
      /^Invalid environment variable SITE_URL: .*\(got "faw-solontsy\.ru"\): npm start refuses to start$/,
    );
    expect(settings(READY).failures).toEqual([]);
  });
});

describe("go-live catalogue from 1C", () => {
  const { PARTS_API_URL: _api, ...withoutApi } = READY;
  const ONEC = { ONEC_EXCHANGE_USER: "site", ONEC_EXCHANGE_PASSWORD: "secret" };
  const catalogueNote = (report: { notes: string[] }) =>
    report.notes.filter((n) => n.startsWith("Catalogue:")).join("\n");

  it("fails the exchange's user without its password, and the password without the user, naming both", () => {
    for (const [set, missing] of [
      ["ONEC_EXCHANGE_USER", "ONEC_EXCHANGE_PASSWORD"],
      ["ONEC_EXCHANGE_PASSWORD", "ONEC_EXCHANGE_USER"],
    ]) {
      const { failures } = settings({ ...READY, [set]: "x" });
      expect(failures).toHaveLength(1);
      expect(failures[0]).toContain(`Invalid environment variable ${missing}:`);
      expect(failures[0]).toContain(set);
    }
    expect(settings({ ...READY, ...ONEC }).failures).toEqual([]);
  });

  it("reports the demo while 1C has delivered nothing, then 1C's catalogue and how old its last exchange is", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "go-live-1c-"));
    try {
      const env = { ...withoutApi, ...ONEC, DATA_DIR: dataDir };
      const before = await checkGoLive(env);
      expect(catalogueNote(before)).toBe(
        "Catalogue: the embedded demo; 1C's exchange is on at /1c-exchange and has delivered no catalogue yet",
      );
      expect(before.failures[0]).toMatch(/^PARTS_API_URL not set and 1C has delivered no catalogue yet: /);
      expect(before.notes).toContain("1C exchange: 1C has not called /1c-exchange on this server yet");

      const exchangedAt = new Date("2026-12-01T09:00:00.000Z");
      const store = openStoreDb({ dataDir });
      await migrate(store);
      const sink = createStoreCatalogue(store, { now: () => exchangedAt });
      const batch = await sink.beginCatalogue({ onlyChanges: false, exchange: "first" });
      const names = ["Фильтр масляный", "Ремень генератора", "Датчик давления"];
      await batch.add(
        names.map((name, i) => ({
          id: `p${i}`,
          article: `A${i}`,
          name,
          fullName: name,
          group: "",
          description: "",
          pictures: [],
          crossNumbers: [],
          deleted: i === 2,
        })),
      );
      await batch.commit();
      await store.close();

      const later = exchangedAt.getTime() + (3 * 60 + 5) * 60_000;
      const after = await checkGoLive(env, undefined, undefined, () => later);
      expect(catalogueNote(after)).toBe(
        `Catalogue: 1C's, 2 parts; the last exchange 3 h 5 min ago (${exchangedAt.toISOString()})`,
      );
      expect(after.failures).toEqual([]);

      // 1C's calls to this server's exchange: the last one, whichever it was.
      const exchange = createSiteExchange(parseConfig(env))!;
      const authorization = `Basic ${Buffer.from(`${ONEC.ONEC_EXCHANGE_USER}:${ONEC.ONEC_EXCHANGE_PASSWORD}`).toString("base64")}`;
      const call = (query: string, cookie = "") =>
        exchange.handle({
          method: "GET",
          query: new URLSearchParams(query),
          headers: new Headers({ authorization, cookie }),
          body: null,
        });
      const [, name, value] = ((await call("type=sale&mode=checkauth")).body as string).split("\n");
      await call("type=sale&mode=query", `${name}=${value}`);
      const lastCall = (await checkGoLive(env)).notes.find((note) => note.startsWith("1C exchange:"));
      expect(lastCall).toMatch(/^1C exchange: the last call 0 min ago \(\S+\), type=sale&mode=query: success$/);
      // Another server of the store, without the exchange, serves the same catalogue and says so.
      const other = await checkGoLive({ ...withoutApi, DATA_DIR: dataDir }, undefined, undefined, () => later);
      expect(catalogueNote(other)).toMatch(/; ONEC_EXCHANGE_USER and ONEC_EXCHANGE_PASSWORD are not set here: /);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the running server's launch state", () => {
  const clean: GoLiveReport = { demo: [], disagreements: [], failures: [], notes: [], checks: [] };

  it("is real only with no demo value left and a parts API set", () => {
    expect(launchState(READY, clean)).toEqual({ content: "real", catalogue: "parts-api", leads: "notify", open: 0 });
    expect(launchState(READY, { ...clean, demo: [{ key: "legal.inn", shows: "0" }] }).content).toBe("demo");
  });

  it("says leads stay local while the notify service is not set, even with the content real", () => {
    const env = { ...READY, NOTIFY_API_URL: "", NOTIFY_API_KEY: "" };
    const state = launchState(env, { ...clean, ...settings(env) });
    expect(state).toMatchObject({ content: "real", leads: "local", open: 1 });
    expect(state.warning?.message).toContain("1 failed settings");
  });

  it("counts the embedded demo catalogue as demo even when every demo value is replaced", () => {
    const env = { ...READY, PARTS_API_URL: "" };
    const state = launchState(env, { ...clean, ...settings(env) });
    expect(state.content).toBe("demo");
    expect(state.warning).toEqual({
      message:
        "not ready to go live: 0 demo values and the demo parts catalogue, 0 disagreements, 1 failed settings; run npm run go-live",
      open: 1,
    });
  });

  it("tells 1C's catalogue, once it serves, from the demo: no failure, no demo catalogue in the warning", () => {
    const env = { ...READY, PARTS_API_URL: "", ONEC_EXCHANGE_USER: "site", ONEC_EXCHANGE_PASSWORD: "secret" };
    const report = { ...clean, ...settings(env) };
    expect(report.failures).toHaveLength(1);
    expect(launchState(env, report)).toMatchObject({ content: "demo", catalogue: "demo", open: 1 });
    expect(launchState(env, report, "1c")).toEqual({ content: "real", catalogue: "1c", leads: "notify", open: 0 });
    const withDemoValue = launchState(env, { ...report, demo: [{ key: "legal.inn", shows: "0" }] }, "1c");
    expect(withDemoValue).toMatchObject({ content: "demo", catalogue: "1c", open: 1 });
    expect(withDemoValue.warning?.message).toBe(
      "not ready to go live: 1 demo values, 0 disagreements, 0 failed settings; run npm run go-live",
    );
  });

  it("asks the store which catalogue serves: 1C's from its first commit on, the gateway's word without the store", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "launch-1c-"));
    const store = openStoreDb({ dataDir });
    try {
      await migrate(store);
      const gateway = { source: () => "demo" as const };
      expect(await servedCatalogue(gateway, store, "demo")).toBe("demo");
      const batch = await createStoreCatalogue(store).beginCatalogue({ onlyChanges: false, exchange: "first" });
      await batch.commit();
      expect(await servedCatalogue(gateway, store, "demo")).toBe("1c");
      expect(await servedCatalogue(gateway, undefined, "demo")).toBe("demo");
      expect(await servedCatalogue({ source: () => "1c" as const }, undefined, "demo")).toBe("1c");
      expect(await servedCatalogue({}, undefined, "parts-api")).toBe("parts-api");
    } finally {
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("warns with the counts of the content as it is", () => {
    const report = goLiveReport({});
    const { warning } = launchState({}, report);
    expect(warning?.open).toBe(openCount(report));
    expect(warning?.message).toBe(
      `not ready to go live: ${report.demo.length} demo values and the demo parts catalogue, ` +
        `${report.disagreements.length} disagreements, 3 failed settings; run npm run go-live`,
    );
  });
});

describe("go-live demo values", () => {
  it("lists each demo value with the line it sits on, by key and index", () => {
    const source = [
      "export const CONTENT = {",
      "  desks: {",
      "    sales: {",
      '      phones: [demo({ label: "Продажи", display: "+7 (900) 111-22-33" })],',
      "    },",
      "    service: {",
      "      phones: [",
      '        demo({ label: "Мойка", display: "+7 (900) 111-22-44" }),',
      '        demo({ label: "Запись", display: "+7 (900) 111-22-55" }),',
      "      ],",
      "    },",
      "  },",
      "  points: [",
      '    { id: "a", address: demo({ street: "ул. Первая, 7" }) },',
      "    {",
      '      id: "b",',
      "      address: demo({",
      '        street: "ул. Вторая, 9",',
      "      }),",
      "    },",
      "  ],",
      "};",
    ].join("\n");
    const tree = {
      desks: {
        sales: { phones: [demo({ label: "Продажи", display: "+7 (900) 111-22-33" })] },
        service: {
          phones: [
            demo({ label: "Мойка", display: "+7 (900) 111-22-44" }),
            demo({ label: "Запись", display: "+7 (900) 111-22-55" }),
          ],
        },
      },
      points: [
        { id: "a", address: demo({ street: "ул. Первая, 7" }) },
        { id: "b", address: demo({ street: "ул. Вторая, 9" }) },
      ],
    };
    const items = demoItems(unwrapDemo(tree).demo, source);
    expect(items).toEqual([
      { key: "desks.sales.phones.0", shows: "Продажи: +7 (900) 111-22-33", line: 4 },
      { key: "desks.service.phones.0", shows: "Мойка: +7 (900) 111-22-44", line: 8 },
      { key: "desks.service.phones.1", shows: "Запись: +7 (900) 111-22-55", line: 9 },
      { key: "points.0.address", shows: "ул. Первая, 7", line: 14 },
      { key: "points.1.address", shows: "ул. Вторая, 9", line: 18 },
    ]);
  });

  it("finds a line for every demo value of the content file", () => {
    const items = demoItems(DEMO_ENTRIES, fs.readFileSync(CONTENT_FILE, "utf8"));
    expect(items).toHaveLength(DEMO_ENTRIES.length);
    for (const item of items) expect(item.line, item.key).toBeGreaterThan(0);
  });
});

describe("go-live notify settings the specification leaves open", () => {
  it("asks to confirm the key's header and the parts list's name while either is the site's guess", () => {
    const confirm = (env: Record<string, string>) =>
      settings(env).notes.some((note) => note.startsWith("NOTIFY_API_KEY_HEADER and NOTIFY_PARTS_LIST_NAME"));
    expect(confirm(READY)).toBe(true);
    expect(confirm({ ...READY, NOTIFY_API_KEY_HEADER: "X-Api-Key", NOTIFY_PARTS_LIST_NAME: "parts-list" })).toBe(false);
    expect(confirm({})).toBe(false);
  });
});

describe("go-live checks only the dealer can judge", () => {
  it("lists the models shown with drawings, the demo's logo and the legal template, and drops the logo once replaced", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "go-live-logo-"));
    try {
      const logo = path.join(dir, "logo.svg");
      const demoDrawing = '<svg xmlns="http://www.w3.org/2000/svg"><title>Демо</title></svg>';
      const demoSha = crypto.createHash("sha256").update(demoDrawing).digest("hex");
      fs.writeFileSync(logo, demoDrawing);
      const withDemoLogo = contentChecks(logo, demoSha);
      const drawn = ALL_TRUCKS.filter((truck) => !truckOffer(truck.slug)?.pictures);
      expect(withDemoLogo.some((line) => line.startsWith(`${drawn.length} of ${ALL_TRUCKS.length} models show`))).toBe(
        drawn.length > 0,
      );
      const demoLogo = "the logo is the demo's «FAW СОЛОНЦЫ» wordmark";
      expect(withDemoLogo.some((line) => line.startsWith(demoLogo))).toBe(true);
      fs.writeFileSync(logo, '<svg xmlns="http://www.w3.org/2000/svg"><title>Дилер</title></svg>');
      expect(contentChecks(logo, demoSha).some((line) => line.startsWith(demoLogo))).toBe(false);
      // A file missing (the image without public/): nothing said of it.
      expect(contentChecks(path.join(dir, "none.svg"), demoSha).some((line) => line.startsWith(demoLogo))).toBe(false);
      expect(contentChecks(logo).some((line) => line.includes("POLICY_VERSION and CONSENT_TEXT_VERSION"))).toBe(
        POLICY_VERSION === LEGAL_TEMPLATE_EDITION || CONSENT_TEXT_VERSION === LEGAL_TEMPLATE_EDITION,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("are never counted as open", async () => {
    partsApi(() => HttpResponse.json(generateParts(10)));
    const report = await checkGoLive(READY);
    expect(openCount({ ...report, checks: ["a", "b"] })).toBe(openCount(report));
  });
});

describe("go-live mail server", () => {
  it("asks the SMTP server once and notes that it took the login; fails, with the reason, when it does not answer", async () => {
    const smtp = await startFakeSmtp();
    try {
      const url = smtp.url.replace("smtp://", "smtp://shop:secret@");
      const env = { ...READY, SMTP_URL: url, MAIL_FROM: "shop@faw.example" };
      partsApi(() => HttpResponse.json(generateParts(10)));
      const ok = await checkGoLive(env);
      expect(ok.notes).toContain("SMTP_URL: the mail server took the connection and the login");
      expect(ok.failures).toEqual([]);
      expect(smtp.logins).toEqual(["shop"]);
      expect(smtp.received).toHaveLength(0);

      await smtp.stop();
      const down = await checkGoLive(env);
      const failure = down.failures.find((line) => line.startsWith("SMTP_URL"));
      expect(failure).toMatch(/^SMTP_URL: the mail server did not take the connection or the login: .*ECONNREFUSED/);
      // The password stays out of the report.
      expect(failure).not.toContain("secret");
    } finally {
      await smtp.stop();
    }
  });
});

describe("the demo's sample files", () => {
  it("are demo values once their paths lose demo( ) while the files are still the samples", () => {
    // As the content stands, the files it names that are samples are those marked demo( ) (none
    // once the dealer's are in), and nothing more is listed.
    const files = localFiles(CONTENT);
    const marked = (key: string) => DEMO_ENTRIES.some((entry) => key === entry.key || key.startsWith(`${entry.key}.`));
    expect(sampleFiles(files).map((file) => file.key)).toEqual(
      files.filter((file) => marked(file.key)).map((file) => file.key),
    );
    expect(sampleFileItems(sampleFiles(files), DEMO_ENTRIES)).toEqual([]);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "go-live-files-"));
    try {
      const sampleText = "%PDF-1.4 образец";
      const samples = new Set([crypto.createHash("sha256").update(sampleText).digest("hex")]);
      fs.mkdirSync(path.join(dir, "docs"));
      const file = { key: "certificate", path: "/docs/licence.pdf" };
      fs.writeFileSync(path.join(dir, "docs", "licence.pdf"), sampleText);
      // Its demo( ) removed, the sample left in public/: a demo value still.
      const source = 'export default {\n  certificate: "/docs/licence.pdf",\n};';
      expect(sampleFileItems(sampleFiles([file], dir, samples), [], source)).toEqual([
        {
          key: "certificate",
          shows: "public/docs/licence.pdf, still the demo's sample file: put the dealer's own there",
          line: 2,
        },
      ]);
      // The dealer's own file in its place: nothing.
      fs.writeFileSync(path.join(dir, "docs", "licence.pdf"), "%PDF-1.7 the dealer's certificate");
      expect(sampleFiles([file], dir, samples)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
