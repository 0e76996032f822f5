/**
 * A part's address from 1C: made from its name at its first import and kept for its `Ид` after
 * (a rename in 1C does not move a page that search engines and customers know).
 */
import { slugify } from "../demo-catalogue.server";

export class SlugBook {
  private readonly byId = new Map<string, string>();
  private readonly taken = new Set<string>();

  constructor(known: Iterable<[id: string, slug: string]> = []) {
    for (const [id, slug] of known) this.remember(id, slug);
  }

  private remember(id: string, slug: string) {
    this.byId.set(id, slug);
    this.taken.add(slug);
  }

  /** The slug this `Ид` has, or a new one from its name and the first digits of the `Ид`. */
  slugFor(id: string, name: string): string {
    const known = this.byId.get(id);
    if (known) return known;
    const short = id
      .replace(/[^A-Za-z0-9]/g, "")
      .slice(0, 8)
      .toLowerCase();
    let slug = slugify(name, short).slice(0, 180);
    if (this.taken.has(slug) || slug === "") slug = slugify(name, id.toLowerCase()).slice(0, 200);
    for (let n = 2; this.taken.has(slug); n++) slug = `${slugify(name, id.toLowerCase()).slice(0, 190)}-${n}`;
    this.remember(id, slug);
    return slug;
  }

  entries(): IterableIterator<[string, string]> {
    return this.byId.entries();
  }
}
