import { Readable } from "node:stream";
import {
  encodeXml,
  guid,
  importXml,
  sampleCatalogue,
  type FileEncoding,
  type GenGood,
  type GenGroup,
} from "../../test/commerceml";
import { parseImport, splitNumbers } from "./import-parser.server";
import type { OnecGood } from "./ports.server";

/** The bytes in pieces of `size`, as a file or a request body arrives. */
function pieces(bytes: Buffer, size = 4096): AsyncIterable<Uint8Array> {
  const list: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) list.push(bytes.subarray(i, i + size));
  return Readable.from(list);
}

async function read(bytes: Buffer, size?: number) {
  const goods: OnecGood[] = [];
  let header: { onlyChanges: boolean } | undefined;
  const result = await parseImport(pieces(bytes, size), "import.xml", {
    onCatalogue: (h) => {
      header = h;
    },
    onGoods: async (batch) => {
      goods.push(...batch);
    },
  });
  return { goods, header, result };
}

const groups: GenGroup[] = [
  { id: guid(1, 2), name: "Двигатель", children: [{ id: guid(2, 2), name: "Фильтры" }] },
  { id: guid(3, 2), name: "Кабина" },
];

const full: GenGood = {
  id: guid(10),
  article: "1012010-29D",
  name: "Фильтр масляный",
  fullName: "Фильтр масляный двигателя CA6DM2, FAW J6",
  groupId: guid(2, 2),
  description: "Фильтр & прокладка <в комплекте>",
  pictures: ["import_files/ab/one.jpg", "import_files/ab/two.jpg"],
  brand: "FAW",
  crossNumbers: { label: "Кросс-номера", as: "property", value: "JX0818; 1012010-29D-A\nW 950/26, LF16015" },
};

describe("parseImport", () => {
  it.each<FileEncoding>(["utf-8", "utf-8-bom", "windows-1251"])("reads every field of a good (%s)", async (enc) => {
    const bare: GenGood = { id: guid(11), article: "", name: "Колодка тормозная", groupId: guid(3, 2) };
    const { goods, header } = await read(encodeXml(importXml({ groups, goods: [full, bare] }), enc), 97);
    expect(header).toEqual({ onlyChanges: false });
    expect(goods).toEqual([
      {
        id: full.id,
        article: full.article,
        name: full.name,
        fullName: full.fullName,
        group: "Фильтры",
        description: full.description,
        pictures: full.pictures,
        brand: "FAW",
        crossNumbers: ["JX0818", "1012010-29D-A", "W 950/26", "LF16015"],
        deleted: false,
      },
      {
        id: bare.id,
        article: "",
        name: bare.name,
        fullName: bare.name,
        group: "Кабина",
        description: "",
        pictures: [],
        crossNumbers: [],
        deleted: false,
      },
    ]);
  });

  it.each(["Аналоги", "OEM"] as const)("reads other numbers from the requisite '%s'", async (label) => {
    const good = { ...full, crossNumbers: { label, as: "requisite" as const, value: "A-1,B 2" } };
    const { goods } = await read(encodeXml(importXml({ groups, goods: [good] }), "utf-8"));
    expect(goods[0].crossNumbers).toEqual(["A-1", "B 2"]);
  });

  it("says whether the file holds only changes, and marks deleted goods", async () => {
    const xml = importXml({ groups, goods: [{ ...full, deleted: true }], onlyChanges: true });
    const { goods, header } = await read(encodeXml(xml, "utf-8"));
    expect(header).toEqual({ onlyChanges: true });
    expect(goods[0].deleted).toBe(true);
  });

  it("hands goods on in batches as it reads", async () => {
    const sample = sampleCatalogue(1234);
    const xml = importXml({ groups: sample.groups, goods: sample.goods });
    const { goods, result } = await read(encodeXml(xml, "utf-8"), 65536);
    expect(result.goods).toBe(1234);
    expect(goods.map((g) => g.id)).toEqual(sample.goods.map((g) => g.id));
    expect(new Set(goods.map((g) => g.group)).has("")).toBe(false);
  });

  it("fails a malformed file with its line", async () => {
    const xml = importXml({ groups, goods: [full] }).replace("</Описание>", "</Описанье>");
    const line = xml.slice(0, xml.indexOf("</Описанье>")).split("\n").length;
    await expect(read(encodeXml(xml, "utf-8"))).rejects.toThrow(new RegExp(`import\\.xml, строка ${line}:`));
  });

  it("fails a file cut short, and one with neither a catalogue nor a classifier", async () => {
    const xml = importXml({ groups, goods: [full] });
    await expect(read(encodeXml(xml.slice(0, xml.length - 40), "utf-8"))).rejects.toThrow(/строка \d+/);
    const noCatalogue = xml.replace(/<Каталог[\s\S]*<\/Каталог>/, "");
    expect((await read(encodeXml(noCatalogue, "utf-8"))).result.catalogue).toBe(false);
    const neither = noCatalogue.replace(/<Классификатор[\s\S]*<\/Классификатор>/, "");
    await expect(read(encodeXml(neither, "utf-8"))).rejects.toThrow("нет каталога");
  });
});

describe("splitNumbers", () => {
  it("splits on commas, semicolons and line breaks, once each", () => {
    expect(splitNumbers(" a ;b,\r\nc;;a ")).toEqual(["a", "b", "c"]);
  });
});
