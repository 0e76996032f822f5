import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = () => pageMeta({ title: "Политика конфиденциальности", description: "Политика обработки персональных данных и согласие на обработку персональных данных." });

export default function Page() {
  return (
    <section className="container page">
      <h1>Политика конфиденциальности</h1>
    </section>
  );
}
