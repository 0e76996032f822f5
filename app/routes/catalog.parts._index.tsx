import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = () => pageMeta({ title: "Каталог запчастей", description: "Оригинальные запчасти FAW в наличии: фильтры, тормозные колодки, насосы и другое. Цены с НДС." });

export default function Page() {
  return (
    <section className="container page">
      <h1>Каталог запчастей</h1>
    </section>
  );
}
