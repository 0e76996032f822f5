/**
 * The spare part as the site uses it, and the lenient reading of the parts API
 * (SPEC §7 call 1: a list of groups, each `{group, parts}`).
 */
import { z } from "zod";

export interface Part {
  id: string;
  slug: string;
  name: string;
  fullName: string;
  article: string;
  group: string;
  price: number;
  balance: number;
  images: string[];
  description: string;
  /** The part's other numbers (cross, OEM, analogues), from 1C or the parts API; absent when none. */
  crossNumbers?: string[];
  /**
   * The maker (Monroe, SACHS, FAW…) when the parts API names it (an optional `brand`; 1C calls it
   * 'Изготовитель'); undefined when it does not. Never guessed from the name.
   */
  brand?: string;
}

export interface PartGroup {
  group: string;
  parts: Part[];
}

export interface ParsedCatalogue {
  parts: Part[];
  /** Group names in upstream order, only those with at least one valid part. */
  groups: string[];
  /** Ids (or `group#index` when a part has no usable id) of parts left out. */
  dropped: string[];
}

export class CatalogueFormatError extends Error {
  override name = "CatalogueFormatError";
}

/** The same rule as cart ids, so every listed part can go into the cart. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The part as it must look once the lenient readings below are applied. Coercion is done
 * by hand, not with zod unions or preprocess: on a 100 000-part list those build issue and
 * context objects per field and made parsing several times slower.
 */
const upstreamPart = z.object({
  id: z.string().regex(ID_PATTERN),
  slug: z.string().min(1).max(200),
  name: z.string().min(1).max(500),
  fullName: z.string(),
  article: z.string(),
  price: z.number().finite().nonnegative(),
  balance: z.number().finite(),
  images: z.array(z.string()),
  description: z.string(),
  crossNumbers: z.array(z.string()),
  brand: z.string(),
});

function text(value: unknown): unknown {
  if (value == null) return "";
  if (typeof value === "number") return String(value);
  return typeof value === "string" ? value.trim() : value;
}

// Upstream price lists are hand-edited: "1 250,50" and numeric strings happen.
function amount(value: unknown): unknown {
  if (typeof value !== "string" || value.trim() === "") return value;
  return Number(value.replace(/[\s\u00a0]/g, "").replace(",", "."));
}

function imageList(value: unknown): unknown {
  const list = value == null ? [] : typeof value === "string" ? [value] : value;
  if (!Array.isArray(list)) return list;
  return list
    .filter((item): item is string => typeof item === "string" && item.trim() !== "")
    .map((item) => item.trim());
}

function lenient(raw: unknown): unknown {
  if (!raw || typeof raw !== "object") return raw;
  const r = raw as Record<string, unknown>;
  return {
    id: typeof r.id === "number" ? String(r.id) : typeof r.id === "string" ? r.id.trim() : r.id,
    slug: typeof r.slug === "string" ? r.slug.trim() : r.slug,
    name: typeof r.name === "string" ? r.name.trim() : r.name,
    fullName: text(r.fullName),
    article: text(r.article),
    price: amount(r.price),
    balance: amount(r.balance),
    images: imageList(r.images),
    description: text(r.description),
    // A list, or one string of numbers separated by commas, semicolons or line breaks.
    crossNumbers: numberList(r.crossNumbers),
    brand: text(r.brand),
  };
}

function numberList(value: unknown): unknown {
  if (value == null) return [];
  const list = typeof value === "string" ? value.split(/[,;\r\n]+/) : value;
  if (!Array.isArray(list)) return list;
  const numbers = list.map((item) => (typeof item === "number" ? String(item) : item));
  return [
    ...new Set(
      numbers
        .filter((n): n is string => typeof n === "string")
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
}

const upstreamGroup = z.object({
  group: z.string().trim().min(1),
  parts: z.array(z.unknown()),
});

const upstreamBody = z.array(upstreamGroup);

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return "array";
  return value === null ? "null" : typeof value;
}

function droppedKey(raw: unknown, group: string, index: number): string {
  if (raw && typeof raw === "object" && "id" in raw) {
    const value = (raw as { id: unknown }).id;
    if ((typeof value === "string" && value.trim() !== "") || typeof value === "number") {
      return String(value).trim().slice(0, 64);
    }
  }
  return `${group}#${index}`;
}

/**
 * The body read one group at a time: the server's worker parses a big body in pieces, so the
 * whole of it is never one parsed object graph. `parseCatalogue` is the same over a whole body.
 * Of parts sharing a slug or an id the first wins, since both are used as keys (URL, cart).
 */
export interface ReadOptions {
  /** The address a picture is shown at (server/part-pictures.server.ts); as given without it. */
  picture?: (image: string) => string;
}

export class CatalogueReader {
  private readonly picture: (image: string) => string;
  private readonly parts: Part[] = [];
  private readonly groups = new Set<string>();
  private readonly dropped: string[] = [];
  private readonly slugs = new Set<string>();
  private readonly ids = new Set<string>();
  /**
   * One string for equal texts of different parts (names, groups, descriptions, images): a
   * parsed body has a string per occurrence, thousands of copies of the same name.
   */
  private readonly texts = new Map<string, string>();

  constructor(options: ReadOptions = {}) {
    this.picture = options.picture ?? ((image) => image);
  }

  private shared(text: string): string {
    const known = this.texts.get(text);
    if (known !== undefined) return known;
    this.texts.set(text, text);
    return text;
  }

  /** One element of the body's list; false, and nothing read, when it is not a group {group, parts}. */
  add(raw: unknown): boolean {
    const result = upstreamGroup.safeParse(raw);
    if (result.success) this.addGroup(result.data.group, result.data.parts);
    return result.success;
  }

  /** The parts of a group; a bad part is dropped and reported, never failing the list. */
  addGroup(name: string, rawParts: readonly unknown[]): void {
    const { slugs, ids } = this;
    const group = this.shared(name);
    rawParts.forEach((raw, index) => {
      const result = upstreamPart.safeParse(lenient(raw));
      if (!result.success || slugs.has(result.data.slug) || ids.has(result.data.id)) {
        this.dropped.push(droppedKey(raw, group, index));
        return;
      }
      const p = result.data;
      slugs.add(p.slug);
      ids.add(p.id);
      this.groups.add(group);
      this.parts.push({
        id: p.id,
        slug: p.slug,
        name: this.shared(p.name),
        fullName: this.shared(p.fullName || p.name),
        article: p.article,
        group,
        price: p.price,
        // An oversold item comes as a negative balance; for the site it is simply out of stock.
        balance: Math.max(0, Math.floor(p.balance)),
        images: p.images.map((image) => this.shared(this.picture(image))),
        description: this.shared(p.description),
        ...(p.crossNumbers.length > 0 ? { crossNumbers: p.crossNumbers } : {}),
        // Present on every part (one shape for all), undefined when the parts API does not name the maker.
        brand: p.brand ? this.shared(p.brand) : undefined,
      });
    });
  }

  result(): ParsedCatalogue {
    return { parts: this.parts, groups: [...this.groups], dropped: this.dropped };
  }
}

/**
 * Validate the upstream body. A bad part is dropped and reported, never failing the list;
 * a body that is not a list of groups throws CatalogueFormatError.
 */
export function parseCatalogue(json: unknown, options: ReadOptions = {}): ParsedCatalogue {
  const body = upstreamBody.safeParse(json);
  if (!body.success) {
    const issue = body.error.issues[0];
    const where = issue.path.length ? ` at [${issue.path.join("].[")}]` : "";
    throw new CatalogueFormatError(
      `parts API: expected a list of groups {group, parts}, got ${kindOf(json)}${where}: ${issue.message}`,
    );
  }
  const reader = new CatalogueReader(options);
  for (const { group, parts } of body.data) reader.addGroup(group, parts);
  return reader.result();
}
