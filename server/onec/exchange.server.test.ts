import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { zipSync } from "fflate";
import { XMLParser } from "fast-xml-parser";
import {
  encodeXml,
  guid,
  importXml,
  offersXml,
  sampleCatalogue,
  sampleOrder,
  statusesXml,
} from "../../test/commerceml";
import { Fake1C, handlerTransport } from "../../test/fake-1c";
import { createExchange, FILE_LIMIT, SESSION_COOKIE, type ExchangeOptions } from "./exchange.server";
import { createMemoryCatalogue, createMemoryOrders } from "./memory.server";

const credentials = { user: "1c-обмен", password: "s3cret:with colon" };
const dirs: string[] = [];

function setup(overrides: Partial<ExchangeOptions> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "onec-"));
  dirs.push(dir);
  const catalogue = createMemoryCatalogue();
  const orders = createMemoryOrders();
  const exchange = createExchange({ dir, ...credentials, catalogue, orders, importWaitMs: 0, ...overrides });
  const onec = new Fake1C(handlerTransport(exchange), credentials);
  return { dir, catalogue, orders, exchange, onec };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const sample = sampleCatalogue(40);
const importBytes = (goods = sample.goods, onlyChanges = false) =>
  encodeXml(importXml({ groups: sample.groups, goods, onlyChanges }), "utf-8");
const offersBytes = (offers = sample.offers, onlyChanges = false) =>
  encodeXml(offersXml({ priceTypes: [sample.priceType], offers, onlyChanges }), "utf-8-bom");

describe("the 1C exchange: sessions", () => {
  it("gives a cookie for the right user and password, and wants it on every later call", async () => {
    const { onec } = setup();
    const lines = await onec.checkauth();
    expect(lines[0]).toBe("success");
    expect(lines[1]).toBe(SESSION_COOKIE);
    expect(lines[2]).toMatch(/^[0-9a-f]{48}$/);
    expect(await onec.init()).toBe(`zip=yes\nfile_limit=${FILE_LIMIT}`);
    onec.cookie = `${SESSION_COOKIE}=${"0".repeat(48)}`;
    const refused = await onec.call("catalog", "init");
    expect(refused.text.split("\n")[0]).toBe("failure");
    onec.cookie = undefined;
    expect((await onec.call("sale", "query")).text.split("\n")[0]).toBe("failure");
  });

  it("remembers the last call within a session, not a stranger's", async () => {
    const { onec, exchange } = setup();
    await onec.checkauth("sale");
    await onec.query();
    expect(await exchange.lastExchange()).toMatchObject({ type: "sale", mode: "query", outcome: "success" });
    await onec.call("catalog", "reindex");
    expect(await exchange.lastExchange()).toMatchObject({ mode: "reindex", outcome: "failure" });
    onec.cookie = undefined;
    await onec.call("catalog", "init");
    expect(await exchange.lastExchange()).toMatchObject({ mode: "reindex" });
  });

  it("answers a wrong password with failure and 401", async () => {
    const { exchange } = setup();
    const wrong = new Fake1C(handlerTransport(exchange), { ...credentials, password: "nope" });
    expect(await wrong.checkauth()).toEqual(["failure", "Неверное имя пользователя или пароль"]);
    expect((await wrong.call("catalog", "checkauth", {}, undefined, true)).status).toBe(401);
    expect(wrong.cookie).toBeUndefined();
  });

  it("answers an unknown type or mode with failure and the reason; deactivate and complete with success", async () => {
    const { onec } = setup();
    await onec.checkauth();
    expect((await onec.call("catalog", "reindex")).text).toBe("failure\nНеизвестный режим обмена: mode=reindex");
    expect((await onec.call("goods", "init")).text).toBe("failure\nНеизвестный тип обмена: type=goods");
    expect((await onec.call("catalog", "deactivate")).text).toBe("success");
    expect((await onec.call("catalog", "complete")).text).toBe("success");
  });
});

describe("the 1C exchange: the catalogue", () => {
  it("imports a zipped catalogue with its pictures, through progress", async () => {
    const { onec, catalogue, exchange } = setup();
    const picture = sample.goods.find((g) => g.pictures?.length)!;
    const runs = await onec.exchangeCatalogue({
      "import.xml": importBytes(),
      "offers.xml": offersBytes(),
      [picture.pictures![0]]: new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]),
    });
    expect(runs["import.xml"].answers[0]).toBe("progress");
    expect(runs["import.xml"].last).toMatch(/^success\n.*40 товаров/);
    expect(runs["offers.xml"].last.split("\n")[0]).toBe("success");
    expect(catalogue.parts()).toHaveLength(40);
    const part = catalogue.byId(sample.goods[1].id)!;
    expect(part).toMatchObject({ name: sample.goods[1].name, fullName: sample.goods[1].fullName, brand: "FAW" });
    expect(part.price).toBe(sample.offers[1].prices[sample.priceType.id]);
    expect(part.balance).toBe(sample.offers[1].quantity);
    expect(fs.readFileSync(path.join(exchange.filesDir, picture.pictures![0]))).toEqual(
      Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]),
    );
  });

  it("puts together a file sent in pieces, and reads windows-1251", async () => {
    const { onec, catalogue } = setup();
    await onec.checkauth();
    await onec.init();
    onec.fileLimit = 1000;
    const bytes = encodeXml(importXml({ groups: sample.groups, goods: sample.goods }), "windows-1251");
    const answers = await onec.upload("catalog", "import.xml", bytes);
    expect(answers.length).toBe(Math.ceil(bytes.length / 1000));
    expect(answers.every((a) => a === "success")).toBe(true);
    expect((await onec.import("import.xml")).last.split("\n")[0]).toBe("success");
    expect(catalogue.parts().map((p) => p.name)).toEqual(sample.goods.map((g) => g.name));
  });

  it("changes only the prices and stock listed in a changes-only offers file", async () => {
    const { onec, catalogue } = setup();
    await onec.exchangeCatalogue({ "import.xml": importBytes(), "offers.xml": offersBytes() });
    const [first, second] = sample.goods;
    const change = [{ id: first.id, prices: { [sample.priceType.id]: 77.7 }, quantity: 9 }];
    await onec.exchangeCatalogue({ "offers.xml": offersBytes(change, true) });
    expect(catalogue.byId(first.id)).toMatchObject({ price: 77.7, balance: 9 });
    expect(catalogue.byId(second.id)!.price).toBe(sample.offers[1].prices[sample.priceType.id]);
  });

  it("fails a malformed file with its line and keeps the old catalogue", async () => {
    const { onec, catalogue } = setup();
    await onec.exchangeCatalogue({ "import.xml": importBytes() });
    const broken = importXml({ groups: sample.groups, goods: sample.goods.slice(0, 3) }).replace(
      "</Артикул>",
      "</Артикл>",
    );
    const line = broken.slice(0, broken.indexOf("</Артикл>")).split("\n").length;
    const runs = await onec.exchangeCatalogue({ "import.xml": encodeXml(broken, "utf-8") });
    expect(runs["import.xml"].last).toMatch(new RegExp(`^failure\nОшибка XML в файле import\\.xml, строка ${line}: `));
    expect(catalogue.parts()).toHaveLength(40);
  });

  it("fails naming a price type the offers do not have", async () => {
    const { onec } = setup({ priceType: "Оптовая" });
    const runs = await onec.exchangeCatalogue({ "import.xml": importBytes(), "offers.xml": offersBytes() });
    expect(runs["offers.xml"].last).toContain("нет типа цен «Оптовая»");
  });

  it("refuses file names that climb out of its folder", async () => {
    const { onec, dir } = setup();
    await onec.checkauth();
    await onec.init();
    for (const name of ["../evil.xml", "/etc/evil.xml", "import_files/../../evil.xml", "C:\\evil.xml"]) {
      expect((await onec.upload("catalog", name, Buffer.from("x")))[0]).toMatch(/^failure\nНедопустимое имя файла/);
    }
    await onec.upload(
      "catalog",
      "import.zip",
      zipSync({ "../evil.xml": Buffer.from("x"), "import.xml": importBytes() }),
    );
    const run = await onec.import("import.xml");
    expect(run.last).toMatch(/^failure\nВ архиве import\.zip недопустимое имя файла: \.\.\/evil\.xml/);
    expect(fs.existsSync(path.join(dir, "upload", "evil.xml"))).toBe(false);
    expect(fs.existsSync(path.join(path.dirname(dir), "evil.xml"))).toBe(false);
  });
});

describe("the 1C exchange: orders", () => {
  const parser = new XMLParser({ isArray: (name) => name === "Документ", parseTagValue: false });
  const numbers = (xml: Buffer) =>
    ((parser.parse(xml.toString("utf8"))["КоммерческаяИнформация"]["Документ"] ?? []) as { Номер: string }[]).map(
      (d) => d["Номер"],
    );

  it("lists orders until 1C confirms them, never one placed after the query", async () => {
    const { onec, orders } = setup();
    const [a, b, c] = [sampleOrder(1), sampleOrder(2, { company: true }), sampleOrder(3)];
    orders.place(a);
    orders.place(b);
    await onec.checkauth("sale");
    await onec.init("sale");
    const xml = await onec.query();
    expect([...xml.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(numbers(xml)).toEqual([a.number, b.number]);
    // No success: offered again.
    expect(numbers(await onec.query())).toEqual([a.number, b.number]);
    orders.place(c);
    expect(await onec.success()).toBe("success");
    expect(numbers(await onec.query())).toEqual([c.number]);
    expect(orders.exported()).toEqual([a.id, b.id]);
  });

  it("records the statuses 1C sends back", async () => {
    const { onec, orders } = setup();
    const order = sampleOrder(4);
    orders.place(order);
    await onec.checkauth("sale");
    await onec.init("sale");
    const answers = await onec.sendStatuses(
      encodeXml(
        statusesXml([
          { number: order.number, status: "Отгружен", shipmentNumber: "ОТ-1" },
          { number: "0000-0000", status: "X" },
        ]),
        "utf-8",
      ),
    );
    expect(answers).toEqual(["success"]);
    expect(orders.statusOf(order.number)).toEqual([
      expect.objectContaining({ status: "Отгружен", shipmentNumber: "ОТ-1" }),
    ]);
    const zipped = zipSync({
      "orders-2.xml": encodeXml(statusesXml([{ number: order.number, cancelled: true }], "2.08"), "windows-1251"),
    });
    expect(await onec.sendStatuses(zipped, "orders.zip")).toEqual(["success"]);
    expect(orders.statusOf(order.number)[1]).toMatchObject({ cancelled: true });
  });
});

it("keeps a guid's shape", () => {
  expect(guid(5)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
});

describe("the 1C exchange: interruptions", () => {
  it("imports again when the server restarted during an import", async () => {
    const { onec, dir } = setup();
    await onec.checkauth();
    await onec.init();
    await onec.upload("catalog", "import.xml", importBytes());
    // The state a server left when it stopped mid-import.
    const stateFile = path.join(dir, "state.json");
    const state = JSON.parse(fs.readFileSync(stateFile, "utf8"));
    state.imports["import.xml"] = { state: "running", at: new Date().toISOString() };
    fs.writeFileSync(stateFile, JSON.stringify(state));
    const catalogue = createMemoryCatalogue();
    const restarted = createExchange({ dir, ...credentials, catalogue, orders: createMemoryOrders(), importWaitMs: 0 });
    const again = new Fake1C(handlerTransport(restarted), credentials);
    again.cookie = onec.cookie;
    expect((await again.import("import.xml")).last).toMatch(/^success\n/);
    expect(catalogue.parts()).toHaveLength(40);
  });

  it("fails a damaged archive and keeps the catalogue", async () => {
    const { onec, catalogue } = setup();
    await onec.exchangeCatalogue({ "import.xml": importBytes() });
    await onec.checkauth();
    await onec.init();
    const archive = zipSync({ "import.xml": importBytes(sample.goods.slice(0, 5)) });
    await onec.upload("catalog", "import.zip", archive.subarray(0, Math.floor(archive.length / 2)));
    expect((await onec.import("import.xml")).last).toMatch(/^failure\nАрхив import\.zip повреждён/);
    expect(catalogue.parts()).toHaveLength(40);
  });
});

it("sends the orders in windows-1251 when set so", async () => {
  const { onec, orders } = setup({ ordersEncoding: "windows-1251" });
  const order = sampleOrder(7);
  orders.place(order);
  await onec.checkauth("sale");
  const response = await onec.call("sale", "query");
  expect(response.headers.get("content-type")).toBe("application/xml; charset=windows-1251");
  expect(new TextDecoder("windows-1251").decode(response.body)).toContain(
    `<Наименование>${order.customer.name}</Наименование>`,
  );
});

it("stops trying passwords after ten failures from one address, never counting the right one", async () => {
  const { exchange } = setup();
  const call = (password: string, clientIp: string) =>
    exchange.handle({
      method: "GET",
      query: new URLSearchParams("type=catalog&mode=checkauth"),
      headers: new Headers({
        Authorization: `Basic ${Buffer.from(`${credentials.user}:${password}`).toString("base64")}`,
      }),
      body: null,
      clientIp,
    });
  for (let i = 0; i < 20; i++) expect((await call(credentials.password, "10.0.0.1")).status).toBe(200);
  for (let i = 0; i < 10; i++) expect((await call("guess", "10.0.0.1")).status).toBe(401);
  const refused = await call(credentials.password, "10.0.0.1");
  expect([refused.status, refused.body]).toEqual([
    429,
    "failure\nСлишком много попыток входа, повторите через 10 минут",
  ]);
  expect((await call(credentials.password, "10.0.0.2")).status).toBe(200);
});

it("joins a catalogue 1C splits into files (the classifier alone, the goods in packs) within one exchange", async () => {
  const { onec, catalogue } = setup();
  const whole = importXml({ groups: sample.groups, goods: sample.goods.slice(0, 20) });
  const classifierOnly = whole.replace(/<Каталог[\s\S]*<\/Каталог>/, "");
  const pack = (goods: typeof sample.goods) =>
    encodeXml(
      importXml({ groups: sample.groups, goods }).replace(/<Классификатор>[\s\S]*<\/Классификатор>/, ""),
      "utf-8",
    );
  const runs = await onec.exchangeCatalogue({
    "import0_1.xml": encodeXml(classifierOnly, "utf-8"),
    "import0_2.xml": pack(sample.goods.slice(0, 10)),
    "import0_3.xml": pack(sample.goods.slice(10, 20)),
  });
  expect(Object.values(runs).map((r) => r.last.split("\n")[0])).toEqual(["success", "success", "success"]);
  expect(catalogue.parts().map((p) => p.id)).toEqual(sample.goods.slice(0, 20).map((g) => g.id));
  expect(catalogue.parts().every((p) => p.group.endsWith(": детали"))).toBe(true);
  await onec.exchangeCatalogue({ "import.xml": importBytes(sample.goods.slice(30, 32)) });
  expect(catalogue.parts().map((p) => p.id)).toEqual(sample.goods.slice(30, 32).map((g) => g.id));
});

it("reads a statuses file sent in pieces once its last piece has come", async () => {
  const { onec, orders } = setup({ fileLimit: 512 });
  const list = [sampleOrder(11), sampleOrder(12), sampleOrder(13)];
  for (const order of list) orders.place(order);
  await onec.checkauth("sale");
  expect(await onec.init("sale")).toBe("zip=yes\nfile_limit=512");
  const xml = encodeXml(statusesXml(list.map((o) => ({ number: o.number, status: "Собран" }))), "utf-8");
  const answers = await onec.sendStatuses(xml);
  expect(answers.length).toBe(Math.ceil(xml.length / 512));
  expect(new Set(answers)).toEqual(new Set(["success"]));
  expect(list.map((o) => orders.statusOf(o.number).map((s) => s.status))).toEqual([["Собран"], ["Собран"], ["Собран"]]);
});
