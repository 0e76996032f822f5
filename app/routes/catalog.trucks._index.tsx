import { json, redirect, type LoaderFunctionArgs, type LinksFunction, type MetaFunction } from "@remix-run/node";
import { useLoaderData, Link } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { TruckCard } from "~/components/truck-card";
import { isTruckTypeSlug, TRUCK_TYPES, truckTypeName, type TruckType } from "~/data/truck-types";
import { TRUCK_CATEGORIES, trucksOfType } from "~/data/trucks";
import { DEALER, TRUCK_SAVINGS } from "~/content";
import { formatRubWhole } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import trucksStyles from "~/styles/trucks.css";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

export const links: LinksFunction = () => [{ rel: "stylesheet", href: trucksStyles }];

type TypeSlug = TruckType["slug"];

/** The type's leasing subsidy, as the cards show it; nothing when the type has none. */
function savings(type: TypeSlug): string {
  const amount = TRUCK_SAVINGS[type];
  return amount > 0 ? ` Экономия до ${formatRubWhole(amount)} при покупке в лизинг.` : "";
}

const META: Record<TypeSlug | "all", { title: string; description: string }> = {
  all: {
    title: "Модельный ряд FAW: тягачи, спецтехника и самосвалы",
    description: `Вся техника ${DEALER.brand} у официального дилера ${DEALER.inCity}: магистральные тягачи J6 и J7, самосвалы и спецтехника. Лизинг с субсидией, сервис и запчасти.`,
  },
  tyagach: {
    title: "Седельные тягачи FAW J6 и J7",
    description: `Седельные тягачи FAW J6 и J7 4x2 и 6x4 у официального дилера ${DEALER.inCity}.${savings("tyagach")} Гарантия и сервис.`,
  },
  spectehnika: {
    title: "Спецтехника FAW: миксеры, манипуляторы, мультилифты",
    description: `Спецтехника на шасси FAW: автобетоносмесители, автобетононасосы, краны-манипуляторы, мультилифты и лесовозы. Официальный дилер ${DEALER.inCity}.${savings("spectehnika")}`,
  },
  samosval: {
    title: "Самосвалы FAW 6x4, 8x4 и 6x6",
    description: `Самосвалы FAW J6P с колесными формулами 6x4, 8x4 и 6x6 у официального дилера ${DEALER.inCity}.${savings("samosval")}`,
  },
};

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get("type");
  // Spec §2: an unknown type is removed from the URL (the other parameters stay).
  if (raw && !isTruckTypeSlug(raw)) {
    url.searchParams.delete("type");
    throw redirect(`${url.pathname}${url.search}`);
  }
  const type = isTruckTypeSlug(raw) ? raw : null;
  const trucks = trucksOfType(type ?? undefined).map((truck) => ({
    slug: truck.slug,
    type: truck.type.slug,
    name: truck.name,
    image: truck.mainImg,
    formula: truck.formula,
    stock: truck.stock,
    ...(truck.price === undefined ? {} : { price: truck.price }),
    availability: truck.availability,
  }));
  const counts = Object.fromEntries(TRUCK_CATEGORIES.map((c) => [c.slug, c.items.length])) as Record<TypeSlug, number>;
  return json({ type, trucks, counts });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(META[data?.type ?? "all"]);

function modelsWord(n: number): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return "модель";
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return "модели";
  return "моделей";
}

export default function TruckList() {
  const { type, trucks, counts } = useLoaderData<typeof loader>();
  const heading = type ? truckTypeName(type) : "Вся техника";
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const categories = [
    { slug: null, name: "Все", count: total },
    ...TRUCK_TYPES.map((t) => ({ slug: t.slug, name: t.name, count: counts[t.slug] })),
  ];

  return (
    <div className="container page">
      <Breadcrumbs
        items={[{ name: "Главная", to: "/" }, { name: "Каталог", to: "/catalog" }, { name: "Модельный ряд" }]}
      />
      <div className="trucks-head">
        <h1>{heading}</h1>
        <p className="muted">
          {trucks.length} {modelsWord(trucks.length)}
        </p>
      </div>
      <div className="trucks-layout">
        <nav className="truck-cats" aria-label="Категории техники">
          <ul>
            {categories.map((category) => (
              <li key={category.name}>
                <Link
                  to={category.slug ? `/catalog/trucks?type=${category.slug}` : "/catalog/trucks"}
                  aria-current={category.slug === type ? "page" : undefined}
                  preventScrollReset
                >
                  {category.name}
                  <span className="truck-cats__count" aria-hidden="true">
                    {category.count}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <ul className="truck-grid" aria-label={heading}>
          {trucks.map((truck, index) => (
            <li key={truck.slug}>
              <TruckCard truck={truck} eager={index < 3} />
            </li>
          ))}
        </ul>

        <aside className="help-banner" aria-labelledby="help-title">
          <h2 id="help-title">Не можете определиться?</h2>
          <p>
            Расскажите о своих задачах — менеджер подберет технику, рассчитает лизинг и расскажет о действующих
            субсидиях.
          </p>
          <Link to="/?modal=callback" className="btn btn--primary" rel="nofollow">
            Связаться
          </Link>
        </aside>
      </div>
    </div>
  );
}
