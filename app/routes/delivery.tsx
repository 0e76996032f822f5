import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = () => pageMeta({ title: "Оплата и доставка", description: "Доставка запчастей FAW по Красноярску и до транспортной компании, самовывоз, безналичная оплата." });

export default function Page() {
  return (
    <section className="container page">
      <h1>Оплата и доставка</h1>
    </section>
  );
}
