import { json, redirect, type LoaderFunctionArgs, type LinksFunction, type MetaFunction } from "@remix-run/node";
import { useLoaderData, Link } from "@remix-run/react";
import { useEffect } from "react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { Carousel } from "~/components/carousel";
import { Gallery } from "~/components/gallery";
import { PartImage } from "~/components/part-image";
import { PurchaseControl } from "~/components/purchase-control";
import { OutOfStock } from "~/components/out-of-stock";
import { JsonLd, productJsonLd, useSiteUrl } from "~/components/structured-data";
import { DEALER } from "~/content";
import { ecommerceEvent } from "~/lib/analytics";
import { serializePartsQuery } from "~/lib/catalogue-query";
import { relatedParts } from "~/lib/catalogue-search";
import { partPrice } from "~/lib/format";
import { PART_LOAD_ERROR } from "~/lib/messages";
import { pushDataLayer } from "~/utils/data-layer";
import { modalAwareRevalidate } from "~/utils/revalidate";
import { pageMeta } from "~/lib/seo";
import shopStyles from "~/styles/shop.css";
import partStyles from "~/styles/part.css";
import carouselStyles from "~/styles/carousel.css";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: shopStyles },
  { rel: "stylesheet", href: partStyles },
  { rel: "stylesheet", href: carouselStyles },
];

export async function loader({ params, context }: LoaderFunctionArgs) {
  let snapshot;
  try {
    snapshot = await context.services.parts.getCatalogue();
  } catch {
    return json({ part: null, related: [], error: PART_LOAD_ERROR }, { status: 503 });
  }
  const part = snapshot.bySlug.get(params.slug ?? "");
  if (!part) throw redirect("/not-found");
  // Random, but the same for everyone on a given day, so the server and the browser agree.
  const day = new Date().toISOString().slice(0, 10);
  const related = relatedParts(snapshot, part.id, `${part.id}:${day}`).map((p) => ({
    id: p.id,
    slug: p.slug,
    name: p.fullName || p.name,
    price: p.price,
    image: p.images[0] ?? null,
  }));
  return json({ part, related, error: null });
}

export const shouldRevalidate = modalAwareRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const part = data?.part;
  if (!part) return pageMeta({ title: "Запчасть", description: "Запчасти FAW у официального дилера." });
  return pageMeta({
    title: `${part.fullName || part.name}${part.article ? ` ${part.article}` : ""}`,
    description: `${part.fullName || part.name}${part.article ? `, артикул ${part.article}` : ""}: ${part.price > 0 ? `${partPrice(part.price)} с НДС` : "цена по запросу"}, ${part.balance > 0 ? `в наличии ${part.balance} шт.` : "под заказ"}. Официальный дилер ${DEALER.brand} ${DEALER.inCity}.`,
  });
};

export default function PartPage() {
  const { part, related, error } = useLoaderData<typeof loader>();
  const siteUrl = useSiteUrl();

  useEffect(() => {
    if (part)
      pushDataLayer(ecommerceEvent("detail", [{ id: part.id, name: part.name, price: part.price, quantity: 1 }]));
  }, [part]);

  if (!part) {
    return (
      <div className="container page">
        <p className="form-alert" role="alert">
          {error}
        </p>
      </div>
    );
  }
  const title = part.fullName || part.name;
  return (
    <div className="container page">
      <Breadcrumbs
        items={[{ name: "Главная", to: "/" }, { name: "Запчасти", to: "/catalog/parts" }, { name: title }]}
      />
      <JsonLd
        data={productJsonLd(siteUrl, {
          name: title,
          url: `/catalog/parts/${part.slug}`,
          image: part.images[0],
          sku: part.article || undefined,
          description: part.description || undefined,
          price: part.price > 0 ? part.price : undefined,
          inStock: part.balance > 0,
        })}
      />
      <div className="part">
        <Gallery images={part.images} alt={title} />
        <div className="part__info">
          <h1 className="part__title">{title}</h1>
          <dl className="part__facts">
            <dt>Артикул</dt>
            <dd>{part.article || "-"}</dd>
            <dt>Модельный ряд</dt>
            <dd>
              <Link to={`/catalog/parts?${serializePartsQuery({ groups: [part.group] })}`}>{part.group}</Link>
            </dd>
            <dt>В наличии</dt>
            <dd>{part.balance} ед.</dd>
          </dl>
          <p className="part__price">
            {partPrice(part.price)}
            {part.price > 0 ? <span>цена с учетом НДС</span> : null}
          </p>
          <div className="part__buy">
            <PurchaseControl part={part} />
            {part.balance <= 0 ? (
              <OutOfStock part={{ slug: part.slug, name: part.fullName || part.name, article: part.article }} />
            ) : null}
          </div>
          {part.crossNumbers?.length ? (
            <section className="part__numbers" aria-labelledby="numbers-title">
              <h2 id="numbers-title">Другие номера</h2>
              <ul>
                {part.crossNumbers.map((number) => (
                  <li key={number}>{number}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
      <section className="part__description" aria-labelledby="description-title">
        <h2 id="description-title">Описание</h2>
        {part.description ? part.description.split(/\n+/).map((p, i) => <p key={i}>{p}</p>) : <p>Отсутствует</p>}
      </section>
      {related.length > 0 ? (
        <section className="related">
          <h2 id="related-title">С этим покупают</h2>
          <Carousel label="С этим покупают" variant="parts">
            {related.map((item) => (
              <Link key={item.id} to={`/catalog/parts/${item.slug}`} className="mini-card">
                <PartImage src={item.image ?? undefined} alt="" width={240} height={180} />
                <span className="mini-card__name">{item.name}</span>
                <span className="mini-card__price">{partPrice(item.price)}</span>
              </Link>
            ))}
          </Carousel>
        </section>
      ) : null}
    </div>
  );
}
