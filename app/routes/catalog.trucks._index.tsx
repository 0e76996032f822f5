import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = () => pageMeta({ title: "Модельный ряд FAW", description: "Тягачи, спецтехника и самосвалы FAW в наличии у официального дилера в Красноярске." });

export default function Page() {
  return (
    <section className="container page">
      <h1>Вся техника</h1>
    </section>
  );
}
