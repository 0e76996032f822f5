import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { findTruck } from "~/data/trucks";
import { pageMeta } from "~/lib/seo";

export function loader({ params }: LoaderFunctionArgs) {
  const truck = findTruck(params.categorySlug ?? "", params.slug ?? "");
  if (!truck) throw redirect("/not-found");
  return json({ truck });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({ title: data?.truck.name ?? "Техника", description: data?.truck.shortDescription ?? "" });

export default function TruckPage() {
  const { truck } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <h1>{truck.name}</h1>
    </section>
  );
}
