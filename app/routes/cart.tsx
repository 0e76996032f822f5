import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = () => pageMeta({ title: "Корзина", description: "Корзина с выбранными запчастями FAW." });

export default function Page() {
  return (
    <section className="container page">
      <h1>Корзина</h1>
    </section>
  );
}
