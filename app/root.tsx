import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { clearCartEvents, isSecure, readCart, readCartEvents } from "~server/cookies.server";
import { CartProvider, useCart } from "./components/cart-provider";
import { CookieBanner } from "./components/cookie-banner";
import { dealerJsonLd, JsonLd } from "./components/structured-data";
import { canonicalPath } from "./lib/canonical";
import { ModalOutlet } from "./components/modal-outlet";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { YandexMetrica } from "./components/yandex-metrica";
import { DEALER } from "./content";
import { clampToStock } from "./lib/cart";
import { hasConsentCookie } from "./lib/cookies";
import { useNonce } from "./utils/nonce-provider";
import { modalAwareRevalidate } from "./utils/revalidate";
import styles from "./styles/app.css";

// The site's CSS as a fingerprinted file, served immutable: a visit fetches it once. The truck
// pages and the carousels add their own sheets (route links). PNG icons from favicon.svg.
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon-32.png", type: "image/png", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Amounts clamp to the current balance and parts that are gone drop out (the catalogue is cached in memory).
  const snapshot = await context.services.parts.getCatalogue().catch(() => undefined);
  const rawCart = readCart(request);
  const cart = snapshot ? clampToStock(rawCart, (id) => snapshot.byId.get(id)?.balance) : rawCart;
  const balances = snapshot
    ? Object.fromEntries(rawCart.map((item) => [item.id, snapshot.byId.get(item.id)?.balance ?? 0]))
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

/** Canonical URL, Open Graph URL and image, and the dealer's structured data where it belongs. */
function SeoLinks({ siteUrl }: { siteUrl: string }) {
  const { pathname, search } = useLocation();
  const canonical = `${siteUrl}${canonicalPath(pathname, search)}`;
  return (
    <>
      <link rel="canonical" href={canonical} />
      <meta property="og:url" content={canonical} />
      <meta property="og:site_name" content={DEALER.name} />
      <meta property="og:image" content={`${siteUrl}/video/hero-poster.jpg`} />
      <meta property="og:image:width" content="1280" />
      <meta property="og:image:height" content="720" />
      {pathname === "/" || pathname === "/contacts" ? <JsonLd data={dealerJsonLd(siteUrl)} /> : null}
    </>
  );
}

const NO_CART: [] = [];
const NO_EVENTS: [] = [];
const NO_BALANCES: Record<string, number> = {};

function HeaderWithCart() {
  return <SiteHeader cartCount={useCart().count} />;
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
        <SeoLinks siteUrl={data?.siteUrl ?? ""} />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Перейти к содержимому
        </a>
        {/* Early in the page (it is fixed to the bottom of the screen): painted with the first frame,
            not after the rest of the HTML has been parsed, and reached right after the skip link. */}
        {data && !data.cookieAccepted ? <CookieBanner /> : null}
        <CartProvider
          serverCart={data?.cart ?? NO_CART}
          balances={data?.balances ?? NO_BALANCES}
          pendingEvents={data?.cartEvents ?? NO_EVENTS}
        >
          <HeaderWithCart />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter />
          <ModalOutlet />
        </CartProvider>
        {data?.yandexMetricaId ? (
          <YandexMetrica counterId={data.yandexMetricaId} acceptedOnServer={data.cookieAccepted} />
        ) : null}
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
