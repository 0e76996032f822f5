import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = () => pageMeta({ title: "Каталог", description: "Каталог запчастей и модельный ряд грузовиков FAW у официального дилера в Красноярске." });

export default function Page() {
  return (
    <section className="container page">
      <h1>Каталог</h1>
    </section>
  );
}
