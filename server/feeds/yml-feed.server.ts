/**
 * The parts catalogue as a YML feed (Yandex Market Language), the format Яндекс Товары and Яндекс
 * Директ's product campaigns read: the shop, its one currency, a category per parts group and an
 * offer per part with a price. Written a few hundred offers at a time, straight from the snapshot:
 * at 100 000 parts the feed is tens of megabytes, and only one chunk of it exists at a time.
 */
import { createHash } from "node:crypto";
import type { CatalogueSnapshot } from "~/lib/catalogue-snapshot";
import type { Part } from "~/lib/part";
import { absoluteUrl } from "~/lib/absolute-url";

export interface YmlShop {
  /** The shop's short name (`name`). */
  name: string;
  /** The legal name of the company behind it (`company`). */
  company: string;
  /** The site's origin, no trailing slash: `url`, and the base of every part link and picture. */
  siteUrl: string;
}

/** An offer id as Яндекс takes it: Latin letters and digits, at most 20 of them. */
const OFFER_ID = /^[A-Za-z0-9]{1,20}$/;
const OFFER_ID_LENGTH = 20;
const BASE36_20 = 36n ** BigInt(OFFER_ID_LENGTH);

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * The offer id of a part: its own id when Яндекс takes that as it is (1–20 Latin letters and
 * digits), so offers Яндекс already knows keep theirs; any other id (1C's are 36-character GUIDs
 * with hyphens) is its SHA-256 in 20 base-36 characters (0–9, a–z: no case to be confused). A pure
 * function of the id: the same in every catalogue version, whatever else changes. Two ids share an
 * offer id only if their hashes agree in 103 bits: at a million parts, odds of about 1 in 10^19.
 * An own id of fewer than 20 characters can never equal a hash's.
 */
export function offerId(partId: string): string {
  if (OFFER_ID.test(partId)) return partId;
  return (BigInt(`0x${sha256(partId)}`) % BASE36_20).toString(36).padStart(OFFER_ID_LENGTH, "0");
}

/**
 * The category id of a parts group: a whole number from its name's SHA-256 (48 bits, at most 15
 * digits), so it does not move when groups are added, removed or reordered. Two of 1 000 groups
 * share an id with odds of about 1 in 500 million.
 */
export function categoryId(group: string): number {
  return Number.parseInt(sha256(group).slice(0, 12), 16) + 1;
}

/** About this many characters per chunk. */
const CHUNK_CHARS = 64 * 1024;

/** Characters XML 1.0 does not allow in a document at all, and unpaired surrogates (invalid UTF-8). */
/* eslint-disable no-control-regex -- finding control characters is the point */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const SPECIAL = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
/* eslint-enable no-control-regex */
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** `text` safe in an element or an attribute: the five special characters escaped, what XML forbids left out. */
export function xmlText(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text.replace(NOT_XML, "").replace(/[&<>"']/g, (ch) => ENTITIES[ch]);
}

/** RFC 3339 with the dealer's zone (Krasnoyarsk, UTC+7 all year): '2026-11-27T12:04:00+07:00'. */
export function ymlDate(date: Date): string {
  const offsetMinutes = 7 * 60;
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  return `${local}+07:00`;
}

/** A price as YML writes it: a plain decimal, kopecks when there are any. */
export function ymlPrice(price: number): string {
  return Number.isInteger(price) ? String(price) : price.toFixed(2);
}

/** Whether a part is offered: Yandex refuses an offer without a price. */
export function isOffered(part: Part): boolean {
  return part.price > 0;
}

function offerXml(part: Part, category: number, shop: YmlShop): string {
  const count = Number.isFinite(part.balance) ? Math.max(0, Math.floor(part.balance)) : 0;
  const lines = [
    `<offer id="${offerId(part.id)}" available="${count > 0}">`,
    `<url>${xmlText(`${shop.siteUrl}/catalog/parts/${encodeURIComponent(part.slug)}`)}</url>`,
    `<price>${ymlPrice(part.price)}</price>`,
    `<currencyId>RUR</currencyId>`,
    `<categoryId>${category}</categoryId>`,
  ];
  const picture = part.images[0] && absoluteUrl(part.images[0], shop.siteUrl);
  if (picture) lines.push(`<picture>${xmlText(picture)}</picture>`);
  lines.push(`<name>${xmlText(part.fullName || part.name)}</name>`);
  // The maker only when the parts API names it: a name says what a part fits, not who made it.
  if (part.brand) lines.push(`<vendor>${xmlText(part.brand)}</vendor>`);
  if (part.article) lines.push(`<vendorCode>${xmlText(part.article)}</vendorCode>`);
  if (part.description) lines.push(`<description>${xmlText(part.description)}</description>`);
  lines.push(`<count>${count}</count>`, "</offer>");
  return lines.join("");
}

/**
 * The feed of `snapshot` in chunks of about 64 KB. The date is the catalogue's (when the parts API
 * gave it). Categories in the snapshot's group order, each with the id of its name (categoryId).
 */
export async function* ymlFeed(snapshot: CatalogueSnapshot, shop: YmlShop, date: Date): AsyncGenerator<string> {
  const categoryIds = new Map(snapshot.groups.map((group) => [group, categoryId(group)]));
  const head = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<yml_catalog date="${ymlDate(date)}">`,
    `<shop>`,
    `<name>${xmlText(shop.name)}</name>`,
    `<company>${xmlText(shop.company)}</company>`,
    `<url>${xmlText(shop.siteUrl)}</url>`,
    `<currencies><currency id="RUR" rate="1"/></currencies>`,
    `<categories>`,
    ...snapshot.groups.map((group) => `<category id="${categoryIds.get(group)}">${xmlText(group)}</category>`),
    `</categories>`,
    `<offers>`,
  ];
  let chunk = head.join("\n") + "\n";
  for (const part of snapshot.parts) {
    if (!isOffered(part)) continue;
    chunk += offerXml(part, categoryIds.get(part.group) ?? categoryId(part.group), shop) + "\n";
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = "";
    }
  }
  yield chunk + `</offers>\n</shop>\n</yml_catalog>\n`;
}
