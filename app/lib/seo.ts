import type { MetaDescriptor } from "@remix-run/node";
import { DEALER } from "~/content";

export const SITE_TITLE = `${DEALER.name} — официальный дилер ${DEALER.brand} ${DEALER.inCity}`;

/** Title, description and Open Graph tags for a page. */
export function pageMeta({
  title,
  description,
  noindex = false,
}: {
  title: string;
  description: string;
  noindex?: boolean;
}): MetaDescriptor[] {
  const full = title === SITE_TITLE ? title : `${title} | ${DEALER.name}`;
  const meta: MetaDescriptor[] = [
    { title: full },
    { name: "description", content: description },
    { property: "og:title", content: full },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "ru_RU" },
  ];
  if (noindex) meta.push({ name: "robots", content: "noindex, follow" });
  return meta;
}
