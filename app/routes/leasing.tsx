import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = () => pageMeta({ title: "Лизинг грузовиков FAW", description: "Лизинг грузовиков и спецтехники FAW: аванс от 5%, срок до 5 лет, решение за 1 день." });

export default function Page() {
  return (
    <section className="container page">
      <h1>Лизинг</h1>
    </section>
  );
}
