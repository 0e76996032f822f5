import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = () => pageMeta({ title: "Оформление заказа", description: "Оформление заказа запчастей FAW." });

export default function Page() {
  return (
    <section className="container page">
      <h1>Оформление заказа</h1>
    </section>
  );
}
