/**
 * 1C's orders-*.xml (`type=sale&mode=file`): what 1C says of each order, with its `Ид` and `Номер`
 * (matched to the site's order by the OrderSource).
 * 2.10 puts each `Документ` in a `Контейнер`; 2.08 does not.
 */
import type { OrderStatusUpdate } from "./ports.server";
import { childOf, childrenOf, readXml, textOf } from "./xml-stream.server";

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  return ["true", "1", "да"].includes(value.trim().toLowerCase());
}

/** 1C writes an empty date as '0001-01-01…': no date. */
function date(value: string | undefined): string | undefined {
  return value && !value.startsWith("0001-01-01") ? value : undefined;
}

export async function parseStatuses(
  input: AsyncIterable<Uint8Array>,
  file: string,
  onStatuses: (updates: OrderStatusUpdate[]) => Promise<void>,
): Promise<number> {
  let pending: OrderStatusUpdate[] = [];
  let count = 0;
  await readXml(input, file, {
    collect: (path) =>
      path[path.length - 1] === "Документ" && (path.length === 2 || (path.length === 3 && path[1] === "Контейнер")),
    onNode(node) {
      const number = textOf(node, "Номер");
      const onecId = textOf(node, "Ид");
      if (!number && !onecId) return;
      const values = new Map<string, string>();
      for (const r of childrenOf(childOf(node, "ЗначенияРеквизитов") ?? node, "ЗначениеРеквизита")) {
        values.set(textOf(r, "Наименование").toLowerCase(), textOf(r, "Значение"));
      }
      const update: OrderStatusUpdate = { number };
      if (onecId) update.onecId = onecId;
      const status = values.get("статус заказа") || values.get("статус");
      if (status) update.status = status;
      const cancelled = flag(values.get("отменен") ?? values.get("отменён"));
      if (cancelled !== undefined) update.cancelled = cancelled;
      const paidAt = date(values.get("дата оплаты"));
      if (paidAt) update.paidAt = paidAt;
      const shippedAt = date(values.get("дата отгрузки"));
      if (shippedAt) update.shippedAt = shippedAt;
      const shipmentNumber = values.get("номер отгрузки");
      if (shipmentNumber) update.shipmentNumber = shipmentNumber;
      pending.push(update);
    },
    async drain() {
      if (pending.length === 0) return;
      const batch = pending;
      pending = [];
      count += batch.length;
      await onStatuses(batch);
    },
  });
  return count;
}
