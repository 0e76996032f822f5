/**
 * One `mode=import` file applied to the catalogue: import*.xml to the goods, offers*, prices* and
 * rests*.xml (2.10 splits offers so) to the prices and balances. The sink's batch is committed
 * only when the whole file was read: a failing file leaves the old catalogue serving.
 */
import fs from "node:fs";
import path from "node:path";
import { parseImport, type Classifier } from "./import-parser.server";
import { parseOffers } from "./offers-parser.server";
import type { CatalogueSink, OnecGood, OnecOffer, SinkBatch } from "./ports.server";

export type ImportKind = "catalogue" | "offers" | "other";

export function importKind(name: string): ImportKind {
  const base = path.posix.basename(name).toLowerCase();
  if (!base.endsWith(".xml")) return "other";
  if (base.startsWith("import")) return "catalogue";
  if (/^(offers|prices|rests)/.test(base)) return "offers";
  return "other";
}

/** Applies the file; answers a summary for the log, throws OnecFormatError with the reason. */
export async function applyImport(
  file: string,
  name: string,
  sink: CatalogueSink,
  priceType: string | undefined,
  within: { exchange: string; classifier: Classifier },
): Promise<string> {
  const { exchange } = within;
  const kind = importKind(name);
  if (kind === "other") return `${name}: не обрабатывается`;
  const input = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  let batch: SinkBatch<OnecGood> | SinkBatch<OnecOffer> | undefined;
  try {
    if (kind === "catalogue") {
      let goods: SinkBatch<OnecGood> | undefined;
      const result = await parseImport(
        input,
        name,
        {
          onCatalogue: async (header) => {
            batch = goods = await sink.beginCatalogue({ ...header, exchange });
          },
          onGoods: (items) => goods!.add(items),
        },
        within.classifier,
      );
      await batch?.commit();
      return `${name}: ${result.goods} товаров${result.onlyChanges ? " (только изменения)" : ""}`;
    }
    let offers: SinkBatch<OnecOffer> | undefined;
    const result = await parseOffers(input, name, priceType, {
      onPackage: async (header) => {
        batch = offers = await sink.beginOffers({ ...header, exchange });
      },
      onOffers: (items) => offers!.add(items),
    });
    await batch?.commit();
    return `${name}: ${result.offers} предложений, тип цен ${result.priceType ?? "—"}`;
  } catch (error) {
    await batch?.abort().catch(() => undefined);
    throw error;
  } finally {
    input.destroy();
  }
}
