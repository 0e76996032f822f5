import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = () => pageMeta({ title: "Заказ оформлен", description: "Спасибо за заказ! Менеджер свяжется с вами." });

export default function Page() {
  return (
    <section className="container page">
      <h1>Заказ оформлен</h1>
    </section>
  );
}
