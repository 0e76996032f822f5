/**
 * import.xml (CommerceML 2.03–2.10): the classifier's groups and properties, then the catalogue's
 * goods, each handed on as an OnecGood as soon as it is read.
 */
import { childOf, childrenOf, OnecFormatError, own, readXml, textOf, type XmlNode } from "./xml-stream.server";
import type { OnecGood } from "./ports.server";

/** The properties and requisites that carry a part's other numbers. */
const CROSS_LABELS = new Set(["кросс-номера", "кросс-номер", "аналоги", "oem", "oem-номера"]);

/** 'A-1; B 2\nC,D' → ['A-1', 'B 2', 'C', 'D']: the same number once. */
export function splitNumbers(text: string): string[] {
  const seen = new Set<string>();
  for (const item of text.split(/[,;\r\n]+/)) {
    const number = item.trim();
    if (number) seen.add(number);
  }
  return [...seen];
}

export interface ImportHeader {
  onlyChanges: boolean;
}

export interface ImportHandlers {
  /** Called once, when the catalogue starts, before its first good. */
  onCatalogue(header: ImportHeader): Promise<void> | void;
  /** Goods in file order, a few hundred at a time. */
  onGoods(goods: OnecGood[]): Promise<void>;
}

const BATCH = 500;

function flag(text: string | undefined): boolean | undefined {
  if (text === undefined) return undefined;
  const value = text.trim().toLowerCase();
  return value === "true" || value === "1" || value === "да" ? true : value === "" ? undefined : false;
}

/** The classifier's groups and properties, kept across the files of one exchange (2.10 may send it alone). */
export interface Classifier {
  groups: Map<string, string>;
  properties: Map<string, string>;
  /** A property's value may be a reference to one of its listed values. */
  propertyValues: Map<string, string>;
}

export function emptyClassifier(): Classifier {
  return { groups: new Map(), properties: new Map(), propertyValues: new Map() };
}

export async function parseImport(
  input: AsyncIterable<Uint8Array>,
  file: string,
  handlers: ImportHandlers,
  classifier: Classifier = emptyClassifier(),
): Promise<{ goods: number; onlyChanges: boolean; catalogue: boolean }> {
  const { groups, properties, propertyValues } = classifier;
  let pending: OnecGood[] = [];
  // One string for a name many goods share (a maker).
  const texts = new Map<string, string>();
  const shared = (text: string) => {
    let known = texts.get(text);
    if (known === undefined) texts.set((known = own(text)), known);
    return known;
  };
  let count = 0;
  let header: ImportHeader | undefined;
  let headerNoted = false;
  let catalogueSeen = false;
  let classifierSeen = false;

  const addGroups = (node: XmlNode) => {
    for (const group of childrenOf(node, "Группа")) {
      const id = textOf(group, "Ид");
      if (id) groups.set(own(id), own(textOf(group, "Наименование")));
      const nested = childOf(group, "Группы");
      if (nested) addGroups(nested);
    }
  };

  const good = (node: XmlNode): OnecGood | undefined => {
    const id = textOf(node, "Ид");
    if (!id) return undefined;
    const name = textOf(node, "Наименование");
    const requisites = new Map<string, string>();
    for (const r of childrenOf(childOf(node, "ЗначенияРеквизитов") ?? node, "ЗначениеРеквизита")) {
      requisites.set(textOf(r, "Наименование").toLowerCase(), textOf(r, "Значение"));
    }
    const cross: string[] = [];
    for (const [label, value] of requisites) if (CROSS_LABELS.has(label)) cross.push(...splitNumbers(value));
    for (const p of childrenOf(childOf(node, "ЗначенияСвойств") ?? node, "ЗначенияСвойства")) {
      const label = (properties.get(textOf(p, "Ид")) ?? textOf(p, "Наименование")).toLowerCase();
      if (!CROSS_LABELS.has(label)) continue;
      for (const v of childrenOf(p, "Значение"))
        cross.push(...splitNumbers(propertyValues.get(v.text.trim()) ?? v.text));
    }
    const groupIds = childrenOf(childOf(node, "Группы") ?? node, "Ид");
    const status = textOf(node, "Статус").toLowerCase();
    const brand = childOf(node, "Изготовитель");
    const brandName = brand ? textOf(brand, "Наименование") : "";
    const fullName = requisites.get("полное наименование") || name;
    return {
      id: own(id),
      article: own(textOf(node, "Артикул")),
      name: own(name),
      fullName: fullName === name ? own(name) : own(fullName),
      group: groupIds.map((g) => groups.get(g.text.trim())).find(Boolean) ?? "",
      description: own(textOf(node, "Описание")),
      pictures: childrenOf(node, "Картинка")
        .map((p) => own(p.text.trim()))
        .filter(Boolean),
      ...(brandName ? { brand: shared(brandName) } : {}),
      crossNumbers: [...new Set(cross)].map(own),
      deleted:
        status === "удален" ||
        node.attrs["Статус"]?.toLowerCase() === "удален" ||
        flag(textOf(node, "ПометкаУдаления")) === true,
    };
  };

  const noteHeader = async () => {
    if (headerNoted || !header) return;
    headerNoted = true;
    await handlers.onCatalogue(header);
  };

  await readXml(input, file, {
    collect(path) {
      const [, top, second, third] = path;
      if (top === "Классификатор") {
        return path.length === 3 && (second === "Группы" || second === "Свойства");
      }
      if (top !== "Каталог") return false;
      return (
        (path.length === 3 && second === "СодержитТолькоИзменения") ||
        (second === "Товары" && third === "Товар" && path.length === 4)
      );
    },
    onOpen(name, attrs, path) {
      if (path.length === 2 && name === "Классификатор") classifierSeen = true;
      if (path.length === 2 && name === "Каталог") {
        catalogueSeen = true;
        header = { onlyChanges: flag(attrs["СодержитТолькоИзменения"]) ?? false };
      }
    },
    onNode(node, path) {
      if (node.name === "Группы") addGroups(node);
      else if (node.name === "Свойства") {
        for (const p of childrenOf(node, "Свойство")) {
          properties.set(own(textOf(p, "Ид")), own(textOf(p, "Наименование")));
          for (const v of childrenOf(childOf(p, "ВариантыЗначений") ?? p, "Справочник")) {
            propertyValues.set(own(textOf(v, "ИдЗначения")), own(textOf(v, "Значение")));
          }
        }
      } else if (node.name === "СодержитТолькоИзменения" && path.length === 3) {
        // 2.03–2.04 write it as an element of the catalogue, not an attribute.
        if (header && !headerNoted) header.onlyChanges = flag(node.text) ?? header.onlyChanges;
      } else if (node.name === "Товар") {
        const item = good(node);
        if (item) pending.push(item);
      }
    },
    async drain() {
      if (pending.length === 0) return;
      await noteHeader();
      while (pending.length > 0) {
        const batch = pending.slice(0, BATCH);
        pending = pending.slice(BATCH);
        count += batch.length;
        await handlers.onGoods(batch);
      }
    },
  });
  // 2.10 may send the classifier alone in a file of its own: nothing to change then.
  if (!catalogueSeen && classifierSeen) return { goods: 0, onlyChanges: true, catalogue: false };
  if (!catalogueSeen) throw new OnecFormatError(`В файле ${file} нет каталога (элемента Каталог)`);
  await noteHeader();
  return { goods: count, onlyChanges: header!.onlyChanges, catalogue: true };
}
