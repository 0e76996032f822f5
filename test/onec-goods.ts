/**
 * 1C's goods as the exchange hands them to a catalogue sink, for the sinks' contract tests (the
 * in-memory reference and the store): a good of a name, and one file's worth loaded and committed.
 */
import type { CatalogueSink, OnecGood } from "~server/onec/ports.server";

export const good = (id: string, name: string, extra: Partial<OnecGood> = {}): OnecGood => ({
  id,
  article: `A-${id}`,
  name,
  fullName: name,
  group: "Фильтры",
  description: "",
  pictures: [],
  crossNumbers: [],
  deleted: false,
  ...extra,
});

let exchanges = 0;

/** One file of its own exchange, unless `exchange` names the one it shares. */
export async function load(
  sink: CatalogueSink,
  onlyChanges: boolean,
  goods: OnecGood[],
  exchange = `exchange-${++exchanges}`,
): Promise<void> {
  const batch = await sink.beginCatalogue({ onlyChanges, exchange });
  await batch.add(goods);
  await batch.commit();
}
