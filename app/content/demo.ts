/**
 * The demo marker of the dealer's content. `demo(value)` wraps a placeholder so that
 * `npm run go-live`, /healthz and the start-up warning can list it by its key; the dealer
 * replaces the value and removes the `demo( )` around it.
 */
const DEMO = Symbol.for("dealer-content.demo");

interface Boxed {
  [DEMO]: true;
  value: unknown;
}

/** Marks a demo value. Typed as the value itself, so the content keeps its own types. */
export function demo<T>(value: T): T {
  const boxed: Boxed = { [DEMO]: true, value };
  return boxed as unknown as T;
}

function isBoxed(node: unknown): node is Boxed {
  return typeof node === "object" && node !== null && DEMO in node;
}

export interface DemoEntry {
  /** Dotted path in the content, e.g. `desks.sales.phones.0`. */
  key: string;
  value: unknown;
}

/** The content with every `demo( )` taken off, and the key of each one that was there. */
export function unwrapDemo<T>(tree: T): { content: T; demo: DemoEntry[] } {
  const entries: DemoEntry[] = [];
  const walk = (node: unknown, path: string[], inDemo: boolean): unknown => {
    if (isBoxed(node)) {
      const value = walk(node.value, path, true);
      if (!inDemo) entries.push({ key: path.join("."), value });
      return value;
    }
    if (Array.isArray(node)) return node.map((item, index) => walk(item, [...path, String(index)], inDemo));
    if (typeof node === "object" && node !== null) {
      return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, [...path, key], inDemo)]));
    }
    return node;
  };
  return { content: walk(tree, [], false) as T, demo: entries };
}

/** A demo value as go-live shows it: a phone as its number, a truck by its price, availability and pictures. */
export function describeValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(describeValue).join(", ");
  if (typeof value === "object" && value !== null) {
    const fields = value as Record<string, unknown>;
    if (typeof fields.display === "string") return `${fields.label ?? ""}: ${fields.display}`.replace(/^: /, "");
    return Object.entries(fields)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => {
        if (key === "price" && typeof item === "number") return `цена от ${item.toLocaleString("ru-RU")} ₽`;
        if (key === "pictures" && Array.isArray(item)) return `${item.length} pictures (${describeValue(item[0])}, …)`;
        return describeValue(item);
      })
      .join(", ")
      .replace(/\u00a0/g, " ");
  }
  return String(value);
}
