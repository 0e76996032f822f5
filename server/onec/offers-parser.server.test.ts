import { Readable } from "node:stream";
import { encodeXml, guid, offersXml, type FileEncoding, type GenOffer } from "../../test/commerceml";
import { parseOffers } from "./offers-parser.server";
import type { OnecOffer } from "./ports.server";

const retail = { id: guid(1, 4), name: "Розничная" };
const wholesale = { id: guid(2, 4), name: "Оптовая" };

async function read(xml: string, priceType?: string, encoding: FileEncoding = "utf-8") {
  const offers: OnecOffer[] = [];
  let header: { onlyChanges: boolean } | undefined;
  const result = await parseOffers(Readable.from([encodeXml(xml, encoding)]), "offers.xml", priceType, {
    onPackage: (h) => {
      header = h;
    },
    onOffers: async (batch) => {
      offers.push(...batch);
    },
  });
  return { offers, header, result };
}

const offers: GenOffer[] = [
  { id: guid(1), prices: { [retail.id]: 1250.5, [wholesale.id]: 990 }, quantity: 3 },
  {
    id: guid(2),
    prices: { [wholesale.id]: 400 },
    stores: [
      { id: guid(1, 8), quantity: 2 },
      { id: guid(2, 8), quantity: 5 },
    ],
  },
];

describe("parseOffers", () => {
  it.each<FileEncoding>(["utf-8", "utf-8-bom", "windows-1251"])(
    "takes the first price type by default, and sums the warehouses (%s)",
    async (encoding) => {
      const {
        offers: read1,
        header,
        result,
      } = await read(offersXml({ priceTypes: [retail, wholesale], offers }), undefined, encoding);
      expect(header).toEqual({ onlyChanges: false });
      expect(result.priceType).toBe("Розничная");
      expect(read1).toEqual([
        { id: guid(1), price: 1250.5, balance: 3 },
        { id: guid(2), balance: 7 },
      ]);
    },
  );

  it("takes the price type named, whatever its case", async () => {
    const { offers: read1 } = await read(
      offersXml({ priceTypes: [retail, wholesale], offers, onlyChanges: true }),
      "оптовая",
    );
    expect(read1).toEqual([
      { id: guid(1), price: 990, balance: 3 },
      { id: guid(2), price: 400, balance: 7 },
    ]);
  });

  it("fails naming a price type the file does not have", async () => {
    await expect(read(offersXml({ priceTypes: [retail], offers }), "Дилерская")).rejects.toThrow(
      "нет типа цен «Дилерская» (ONEC_PRICE_TYPE); есть: «Розничная»",
    );
  });

  it("says whether the package holds only changes", async () => {
    const { header } = await read(offersXml({ priceTypes: [retail], offers: [], onlyChanges: true }));
    expect(header).toEqual({ onlyChanges: true });
  });

  it("fails a malformed file with its line", async () => {
    const xml = offersXml({ priceTypes: [retail], offers }).replace("<Количество>3", "<Количество>3<");
    const line = xml.slice(0, xml.indexOf("<Количество>3<")).split("\n").length;
    await expect(read(xml)).rejects.toThrow(new RegExp(`offers\\.xml, строка ${line}:`));
  });
});
