/** The tests' CommerceML generator (test/commerceml.ts) read by another XML parser than the site's. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import {
  encodeXml,
  importXml,
  offersXml,
  sampleCatalogue,
  statusesXml,
  writeBigCatalogue,
} from "../../test/commerceml";

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });

describe("the CommerceML generator", () => {
  it("writes a well-formed import.xml and offers.xml", () => {
    const sample = sampleCatalogue(12);
    const imported = parser.parse(importXml({ groups: sample.groups, goods: sample.goods, onlyChanges: true }));
    const root = imported["КоммерческаяИнформация"];
    expect(root["@ВерсияСхемы"]).toBe("2.08");
    expect(root["Каталог"]["@СодержитТолькоИзменения"]).toBe("true");
    expect(root["Каталог"]["Товары"]["Товар"]).toHaveLength(12);
    const offers = parser.parse(offersXml({ priceTypes: [sample.priceType], offers: sample.offers }));
    expect(offers["КоммерческаяИнформация"]["ПакетПредложений"]["Предложения"]["Предложение"]).toHaveLength(12);
  });

  it("writes 2.10 statuses in containers, 2.08 ones without", () => {
    const ten = parser.parse(statusesXml([{ number: "3F2A-9C1B", status: "Отгружен" }], "2.10"));
    expect(ten["КоммерческаяИнформация"]["Контейнер"]["Документ"]["Номер"]).toBe("3F2A-9C1B");
    const eight = parser.parse(statusesXml([{ number: "3F2A-9C1B" }], "2.08"));
    expect(eight["КоммерческаяИнформация"]["Документ"]["Номер"]).toBe("3F2A-9C1B");
  });

  it("encodes windows-1251 with its declaration, and UTF-8 with a BOM", () => {
    const xml = importXml({ groups: [], goods: [{ id: "x", article: "", name: "Щётка ёмкая" }] });
    const cp = encodeXml(xml, "windows-1251");
    expect(cp.subarray(0, 60).toString("latin1")).toContain('encoding="windows-1251"');
    expect(new TextDecoder("windows-1251").decode(cp)).toContain("Щётка ёмкая");
    expect([...encodeXml(xml, "utf-8-bom").subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("streams a big catalogue to files", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cml-"));
    const { importBytes, offersBytes } = await writeBigCatalogue(
      path.join(dir, "import.xml"),
      path.join(dir, "offers.xml"),
      2000,
    );
    expect(fs.statSync(path.join(dir, "import.xml")).size).toBe(importBytes);
    expect(fs.statSync(path.join(dir, "offers.xml")).size).toBe(offersBytes);
    const parsed = parser.parse(fs.readFileSync(path.join(dir, "import.xml"), "utf8"));
    expect(parsed["КоммерческаяИнформация"]["Каталог"]["Товары"]["Товар"]).toHaveLength(2000);
    fs.rmSync(dir, { recursive: true });
  });
});
