/**
 * The order numbers given out, one file each under DATA_DIR/order-numbers: created exclusively, so
 * of two orders placed at once that drew the same number one gets it and the other draws again
 * (app/lib/order-number.ts). The number itself is kept with its order (OrderSummary.number).
 */
import fsp from "node:fs/promises";
import path from "node:path";
import { derivedOrderNumber, ORDER_NUMBER_PATTERN } from "~/lib/order-number";
import { syncDir } from "./lead-store.server";

/**
 * Takes `number` for the order `id`: false when an order has it already, a new one or one kept
 * before numbers were drawn (its number derived from its folder's name, '2025-1203' of
 * '20251203…-…' or digits-only hex of a UUID).
 */
export async function takeOrderNumber(
  { dataDir, leadsDir }: { dataDir: string; leadsDir: string },
  number: string,
  id: string,
): Promise<boolean> {
  if (!ORDER_NUMBER_PATTERN.test(number)) throw new Error(`bad order number ${number}`);
  const older = await fsp.readdir(leadsDir).catch(() => [] as string[]);
  if (older.some((name) => derivedOrderNumber(name) === number)) return false;
  const dir = path.join(dataDir, "order-numbers");
  await fsp.mkdir(dir, { recursive: true });
  try {
    const handle = await fsp.open(path.join(dir, number), "wx");
    try {
      await handle.writeFile(id);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  // Durable before the order that carries it is written: a power cut cannot give it out twice.
  await syncDir(dir);
  return true;
}
