import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type useLoaderData,
  useRouteError,
  useRouteLoaderData,
  Link,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { clearCartEvents, isSecure, readCart, readCartEvents } from "~server/cookies.server";
import { SiteFrame, SiteHead } from "./components/site-frame";
import { clampToStock, forSale } from "./lib/cart";
import { hasConsentCookie } from "./lib/cookies";
import { useNonce } from "./utils/nonce-provider";
import { modalAwareRevalidate } from "./utils/revalidate";
import styles from "./styles/app.css";
import frameStyles from "./styles/frame.css";

// The frame's CSS (two fingerprinted files, served immutable: a visit fetches them once); each page
// adds the sheets of what only some pages use (route links). PNG icons from favicon.svg.
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: frameStyles },
  { rel: "icon", href: "/favicon-32.png", type: "image/png", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Amounts clamp to the current balance and parts that are gone drop out (the catalogue is cached in memory).
  const snapshot = await context.services.parts.getCatalogue().catch(() => undefined);
  const rawCart = readCart(request);
  const cart = snapshot ? clampToStock(rawCart, (id) => forSale(snapshot.byId.get(id))) : rawCart;
  const balances = snapshot
    ? Object.fromEntries(rawCart.map((item) => [item.id, forSale(snapshot.byId.get(item.id)) ?? 0]))
    : {};
  // Analytics events of cart changes made without JavaScript, handed over once.
  const cartEvents = await readCartEvents(request);
  const headers = new Headers();
  if (cartEvents.length > 0) headers.append("Set-Cookie", await clearCartEvents(isSecure(context.services.config)));
  return json(
    {
      cart,
      balances,
      cartEvents,
      cookieAccepted: hasConsentCookie(request.headers.get("Cookie")),
      yandexMapsApiKey: context.services.config.YANDEX_MAPS_API_KEY ?? null,
      yandexMetricaId: context.services.config.YANDEX_METRICA_ID ?? null,
      siteUrl: context.services.config.SITE_URL,
      // Whether ИНН fields offer companies and /privacy names DaData: a flag, never the key.
      companyLookup: context.services.companies.enabled,
    },
    { headers },
  );
}

export const shouldRevalidate = modalAwareRevalidate;

export type RootData = ReturnType<typeof useLoaderData<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

/**
 * `<html data-hydrated>` once React has hydrated the page: the end-to-end tests wait for it
 * before they click, so a click never lands on plain HTML that is about to become interactive.
 */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14181d" />
        <Meta />
        <SiteHead siteUrl={data?.siteUrl ?? ""} />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Перейти к содержимому
        </a>
        <SiteFrame data={data}>{children}</SiteFrame>
        <HydrationMarker />
        {/* A new page starts at the top, Back and Forward restore the position (spec §2); links
            and forms that only change filters or open a modal pass preventScrollReset. */}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container page error-page">
      <h1>{notFound ? "Страница не найдена" : "Что-то пошло не так"}</h1>
      <p>{notFound ? "Такой страницы нет." : "Попробуйте обновить страницу чуть позже."}</p>
      <Link to="/" className="btn btn--primary">
        На главную
      </Link>
    </section>
  );
}
