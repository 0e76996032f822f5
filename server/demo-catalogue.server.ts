/**
 * The embedded demo catalogue, used while PARTS_API_URL is unset and by the search
 * benchmark. Deterministic: the same count and seed give the same parts, so pages,
 * slugs and tests stay stable across restarts.
 */
import type { Part, PartGroup } from "~/lib/part";
import { createRandom, pick, randomInt } from "~/lib/random";

type Scope = "engine" | "gearbox" | "vehicle";
/** A drawing in public/images/parts, one per family of parts: each shows the part it names. */
type Image =
  | "filter"
  | "brake-pad"
  | "brake-drum"
  | "brake-chamber"
  | "brake-valve"
  | "pump"
  | "turbocharger"
  | "belt"
  | "belt-tensioner"
  | "gasket"
  | "oil-seal"
  | "o-ring"
  | "injector"
  | "thermostat"
  | "bearing-shell"
  | "piston"
  | "sensor"
  | "lamp"
  | "bulb"
  | "alternator"
  | "starter"
  | "relay"
  | "bearing"
  | "clutch"
  | "spring"
  | "u-bolt"
  | "shock-absorber"
  | "hose"
  | "tie-rod-end"
  | "synchroniser"
  | "gear"
  | "shift-fork";

interface Kind {
  name: string;
  image: Image;
  scope: Scope;
  /** FAW catalogue system code: the first four digits of an article. */
  system: string;
  price: [number, number];
  specs: string[];
  note?: string;
}

const GROUPS: Record<Scope, string[]> = {
  engine: ["Двигатель CA6DM", "Двигатель WP10", "FAW J6P", "FAW J7", "FAW CA3250", "FAW CA4250", "FAW Tiger V"],
  gearbox: ["КПП FAST", "FAW J6P", "FAW J7", "FAW CA3250", "FAW CA4250"],
  vehicle: ["FAW J6P", "FAW J7", "FAW CA3250", "FAW CA4250", "FAW Tiger V"],
};

// prettier-ignore
const FILTERS: Kind[] = [
  { name: "Фильтр масляный", image: "filter", scope: "engine", system: "1012", price: [450, 3200], specs: ["", "сменный элемент", "в сборе"], note: "Меняется при каждой замене моторного масла." },
  { name: "Фильтр топливный тонкой очистки", image: "filter", scope: "engine", system: "1105", price: [600, 3900], specs: ["", "с подогревом"], note: "Защищает ТНВД и форсунки от мелких частиц." },
  { name: "Фильтр топливный грубой очистки", image: "filter", scope: "engine", system: "1117", price: [700, 4500], specs: ["", "с влагоотделителем"] },
  { name: "Фильтр воздушный", image: "filter", scope: "vehicle", system: "1109", price: [1800, 9800], specs: ["основной элемент", "K3046", "K2841"], note: "Рекомендуемый интервал замены — 30 000 км или раз в сезон." },
  { name: "Фильтр воздушный внутренний", image: "filter", scope: "vehicle", system: "1109", price: [900, 5600], specs: ["страховочный элемент", ""] },
  { name: "Фильтр салона", image: "filter", scope: "vehicle", system: "8101", price: [350, 2400], specs: ["", "угольный"] },
  { name: "Фильтр-влагоотделитель", image: "filter", scope: "engine", system: "1125", price: [1200, 7800], specs: ["PL420", "PL270", ""] },
  { name: "Фильтр гидроусилителя руля", image: "filter", scope: "vehicle", system: "3407", price: [500, 2900], specs: [""] },
  { name: "Фильтр осушителя воздуха", image: "filter", scope: "vehicle", system: "3511", price: [1500, 6900], specs: ["картридж", ""] },
  { name: "Фильтр масляный КПП", image: "filter", scope: "gearbox", system: "1701", price: [800, 4200], specs: [""] },
  { name: "Фильтр системы охлаждения", image: "filter", scope: "engine", system: "1306", price: [650, 3600], specs: [""] },
];

// prettier-ignore
const OTHERS: Kind[] = [
  { name: "Колодка тормозная", image: "brake-pad", scope: "vehicle", system: "3502", price: [1800, 9200], specs: ["передняя", "задняя", "комплект на ось"], note: "Меняйте колодки комплектом на ось." },
  { name: "Накладка тормозная", image: "brake-pad", scope: "vehicle", system: "3501", price: [600, 4800], specs: ["с заклепками", "стандарт", "ремонтная +0,5"] },
  { name: "Барабан тормозной", image: "brake-drum", scope: "vehicle", system: "3502", price: [9000, 38000], specs: ["передний", "задний"] },
  { name: "Камера тормозная", image: "brake-chamber", scope: "vehicle", system: "3519", price: [3500, 16000], specs: ["тип 24", "тип 30/30"] },
  { name: "Кран тормозной главный", image: "brake-valve", scope: "vehicle", system: "3514", price: [7800, 29000], specs: [""] },
  { name: "Насос водяной", image: "pump", scope: "engine", system: "1307", price: [6500, 42000], specs: ["в сборе", "с прокладкой"], note: "Устанавливается вместе с новой прокладкой." },
  { name: "Насос топливный высокого давления", image: "pump", scope: "engine", system: "1111", price: [85000, 250000], specs: ["Bosch", "ТНВД в сборе"] },
  { name: "Насос масляный", image: "pump", scope: "engine", system: "1011", price: [9500, 36000], specs: [""] },
  { name: "Насос гидроусилителя руля", image: "pump", scope: "vehicle", system: "3407", price: [12000, 48000], specs: [""] },
  { name: "Турбокомпрессор", image: "turbocharger", scope: "engine", system: "1118", price: [45000, 190000], specs: ["HX40W", "J90S"] },
  { name: "Ремень генератора", image: "belt", scope: "engine", system: "1308", price: [700, 3800], specs: ["8PK1160", "8PK1240", "10PK1805"], note: "Проверяйте натяжение через 500 км после замены." },
  { name: "Ремень вентилятора", image: "belt", scope: "engine", system: "1308", price: [800, 4200], specs: ["8PK1805", "12PK1430"] },
  { name: "Ремень поликлиновой", image: "belt", scope: "engine", system: "1308", price: [650, 3900], specs: ["6PK1050", "8PK1595"] },
  { name: "Натяжитель ремня", image: "belt-tensioner", scope: "engine", system: "1307", price: [3200, 14500], specs: ["в сборе", "ролик"] },
  { name: "Прокладка ГБЦ", image: "gasket", scope: "engine", system: "1003", price: [1200, 9000], specs: ["металлическая", "MLS"] },
  { name: "Прокладка клапанной крышки", image: "gasket", scope: "engine", system: "1003", price: [350, 2600], specs: [""] },
  { name: "Прокладка выпускного коллектора", image: "gasket", scope: "engine", system: "1008", price: [150, 1400], specs: [""] },
  { name: "Кольцо уплотнительное", image: "o-ring", scope: "engine", system: "1012", price: [150, 900], specs: ["резиновое", "медное"] },
  { name: "Сальник коленвала", image: "oil-seal", scope: "engine", system: "1005", price: [650, 3900], specs: ["передний", "задний"] },
  { name: "Форсунка топливная", image: "injector", scope: "engine", system: "1112", price: [14000, 68000], specs: ["Bosch", "Common Rail"] },
  { name: "Термостат", image: "thermostat", scope: "engine", system: "1306", price: [1400, 6800], specs: ["82 °C", "76 °C"] },
  { name: "Вкладыши коренные", image: "bearing-shell", scope: "engine", system: "1005", price: [4500, 19000], specs: ["STD", "+0,25", "+0,50"] },
  { name: "Поршень", image: "piston", scope: "engine", system: "1004", price: [6500, 28000], specs: ["STD", "с кольцами"] },
  { name: "Датчик давления масла", image: "sensor", scope: "engine", system: "3810", price: [900, 7800], specs: ["", "M14x1,5"] },
  { name: "Датчик температуры охлаждающей жидкости", image: "sensor", scope: "engine", system: "3810", price: [800, 5200], specs: [""] },
  { name: "Датчик скорости", image: "sensor", scope: "gearbox", system: "3802", price: [1500, 8900], specs: [""] },
  { name: "Датчик положения коленвала", image: "sensor", scope: "engine", system: "3610", price: [1800, 11000], specs: [""] },
  { name: "Датчик уровня топлива", image: "sensor", scope: "vehicle", system: "3806", price: [2200, 12000], specs: ["400 мм", "600 мм"] },
  { name: "Датчик ABS", image: "sensor", scope: "vehicle", system: "3550", price: [1300, 7400], specs: ["прямой", "угловой"] },
  { name: "Фара головного света", image: "lamp", scope: "vehicle", system: "3711", price: [6500, 34000], specs: ["левая", "правая"] },
  { name: "Фонарь задний", image: "lamp", scope: "vehicle", system: "3716", price: [1900, 9800], specs: ["левый", "правый"] },
  { name: "Лампа галогенная", image: "bulb", scope: "vehicle", system: "3711", price: [180, 1200], specs: ["24V 70W H4", "24V 21W", "24V 5W"] },
  { name: "Генератор", image: "alternator", scope: "engine", system: "3701", price: [18000, 65000], specs: ["28V 70A", "28V 110A"] },
  { name: "Стартер", image: "starter", scope: "engine", system: "3708", price: [19000, 72000], specs: ["24V 7,5 кВт"] },
  { name: "Реле стартера", image: "relay", scope: "vehicle", system: "3735", price: [450, 3200], specs: ["24V"] },
  { name: "Подшипник ступицы", image: "bearing", scope: "vehicle", system: "3103", price: [2900, 14000], specs: ["32219", "33118", "HM218248"] },
  { name: "Подшипник выжимной", image: "bearing", scope: "gearbox", system: "1601", price: [3800, 15000], specs: ["в сборе с муфтой", ""] },
  { name: "Подшипник первичного вала", image: "bearing", scope: "gearbox", system: "1701", price: [2400, 9900], specs: ["6310", "NUP311"] },
  { name: "Диск сцепления", image: "clutch", scope: "gearbox", system: "1601", price: [9500, 38000], specs: ["430 мм", "395 мм"], note: "Рекомендуем менять вместе с корзиной и выжимным подшипником." },
  { name: "Корзина сцепления", image: "clutch", scope: "gearbox", system: "1601", price: [14000, 52000], specs: ["430 мм", "395 мм"] },
  { name: "Рессора передняя", image: "spring", scope: "vehicle", system: "2902", price: [18000, 95000], specs: ["в сборе", "коренной лист"] },
  { name: "Стремянка рессоры", image: "u-bolt", scope: "vehicle", system: "2912", price: [900, 4800], specs: ["M24x2", "M27x2"] },
  { name: "Амортизатор кабины", image: "shock-absorber", scope: "vehicle", system: "5001", price: [4500, 19000], specs: ["передний", "задний"] },
  { name: "Шланг радиатора", image: "hose", scope: "engine", system: "1303", price: [450, 4800], specs: ["верхний", "нижний"] },
  { name: "Патрубок интеркулера", image: "hose", scope: "engine", system: "1119", price: [1200, 8900], specs: ["силиконовый", ""] },
  { name: "Шланг тормозной", image: "hose", scope: "vehicle", system: "3506", price: [600, 3400], specs: ["передний", "задний"] },
  { name: "Наконечник рулевой тяги", image: "tie-rod-end", scope: "vehicle", system: "3003", price: [2800, 12500], specs: ["левый", "правый"] },
  { name: "Синхронизатор КПП", image: "synchroniser", scope: "gearbox", system: "1702", price: [12000, 46000], specs: ["1-2 передачи", "3-4 передачи"] },
  { name: "Шестерня КПП", image: "gear", scope: "gearbox", system: "1701", price: [6000, 42000], specs: ["первичного вала", "промежуточного вала"] },
  { name: "Вилка переключения передач", image: "shift-fork", scope: "gearbox", system: "1702", price: [2500, 11000], specs: [""] },
  { name: "Сальник КПП", image: "oil-seal", scope: "gearbox", system: "1701", price: [350, 2600], specs: ["первичного вала", "вторичного вала"] },
];

/** Each kind's name and picture, so a test can hold every picture to the parts it may show. */
export const KIND_PICTURES: readonly Pick<Kind, "name" | "image">[] = [...FILTERS, ...OTHERS];

const FAW_SUFFIXES = ["81D", "A01", "M22", "81DJ", "D816", "E21", "K46", "A7Y", "51A", "D7", "4G", "B60"];
const NOTES = [
  "Поставляется в заводской упаковке.",
  "Подбор по VIN — у менеджера.",
  "Перед заказом сверьте артикул с каталогом завода.",
  "Гарантия 6 месяцев при установке в нашем сервисе.",
];

// prettier-ignore
const TRANSLIT: Record<string, string> = {
  а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "e", ж: "zh", з: "z", и: "i", й: "y", к: "k", л: "l",
  м: "m", н: "n", о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "kh", ц: "ts", ч: "ch", ш: "sh",
  щ: "shch", ъ: "", ы: "y", ь: "", э: "e", ю: "yu", я: "ya",
};

/** 'Фильтр масляный КПП' + 10042 → 'filtr-maslyanyy-kpp-10042'. */
export function slugify(name: string, id: string): string {
  const latin = [...name.toLowerCase()].map((ch) => TRANSLIT[ch] ?? ch).join("");
  return `${latin}-${id}`.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

function digits(random: () => number, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) out += randomInt(random, 0, 9);
  return out;
}

function articleFor(random: () => number, kind: Kind, group: string): string {
  const roll = random();
  if (roll < 0.06) return "";
  if (group === "Двигатель WP10") return roll < 0.5 ? `612600${digits(random, 6)}` : `VG1540${digits(random, 6)}`;
  if (group === "КПП FAST") {
    const prefix = roll < 0.5 ? "JS180" : "12JSD200T";
    return `${prefix}-${kind.system}${digits(random, 3)}`;
  }
  // Cross numbers of Sinotruk parts fitted to FAW trucks.
  if (roll < 0.2) return `WG97${digits(random, 8)}`;
  return `${kind.system}${digits(random, 3)}-${pick(random, FAW_SUFFIXES)}`;
}

function modelLabel(group: string): string {
  if (group.startsWith("Двигатель ")) return `для двигателя ${group.slice("Двигатель ".length)}`;
  if (group === "КПП FAST") return "для КПП FAST 12JSD200T";
  return `для ${group}`;
}

function makePart(random: () => number, kind: Kind, id: string): Part {
  const group = pick(random, GROUPS[kind.scope]);
  const spec = pick(random, kind.specs);
  const [min, max] = kind.price;
  const extra = random();
  const images = [`/images/parts/${kind.image}.webp`];
  if (extra > 0.4) images.push("/images/parts/package.webp");
  if (extra > 0.75) images.push("/images/parts/label.webp");
  const described = random();
  const description =
    described < 0.2
      ? ""
      : [`Запчасть ${modelLabel(group)}.`, kind.note ?? "", pick(random, NOTES)].filter(Boolean).join(" ");
  return {
    id,
    slug: slugify(kind.name, id),
    name: kind.name,
    fullName: [kind.name, spec, modelLabel(group)].filter(Boolean).join(" "),
    article: articleFor(random, kind, group),
    group,
    price: Math.round(randomInt(random, min, max) / 10) * 10,
    balance: random() < 0.15 ? 0 : 1 + Math.floor(random() ** 2 * 60),
    images,
    description,
  };
}

/**
 * `count` parts in the upstream shape (groups of parts). Every fourth part is a filter,
 * as in a real dealer's stock, so 'С этим покупают' always has candidates.
 */
export function generateParts(count: number, seed = 1): PartGroup[] {
  const random = createRandom(seed);
  const byGroup = new Map<string, Part[]>();
  for (const group of new Set(Object.values(GROUPS).flat())) byGroup.set(group, []);
  for (let i = 0; i < count; i++) {
    const kind = i % 4 === 0 ? pick(random, FILTERS) : pick(random, OTHERS);
    const part = makePart(random, kind, String(10001 + i));
    byGroup.get(part.group)!.push(part);
  }
  return [...byGroup].filter(([, parts]) => parts.length > 0).map(([group, parts]) => ({ group, parts }));
}
