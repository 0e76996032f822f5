import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { cartEventsSetCookie, cookieValue, isSecure, readCart, readCartEvents } from "~server/cart-cookie.server";
import { CartProvider, useCart } from "./components/cart-provider";
import { CookieBanner } from "./components/cookie-banner";
import { dealerJsonLd, JsonLd } from "./components/structured-data";
import { canonicalPath } from "./lib/canonical";
import { ModalOutlet } from "./components/modal-outlet";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { clampToStock } from "./lib/cart";
import { COOKIE_CONSENT_NAME } from "./lib/consent";
import { useNonce } from "./lib/nonce";
import { modalAwareRevalidate } from "./lib/revalidate";
import { useScrollTopOnChange } from "./lib/scroll-top";
import styles from "./styles/app.css";
import carouselStyles from "./styles/carousel.css";
import trucksStyles from "./styles/trucks.css";
import { InlineStyles } from "./components/inline-styles";
import { DeferredScripts } from "./components/deferred-scripts";

/** All of the site's CSS (≈ 11 KB gzip), inlined in <head>: no render-blocking request on any first view. */
const STYLESHEETS = [styles, carouselStyles, trucksStyles];

// PNG icons (drawn from favicon.svg by scripts/rasterize-images.ts): Chromium decodes an SVG
// favicon on the page's main thread while the page is loading.
export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon-32.png", type: "image/png", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Amounts clamp to the current balance and parts that are gone drop out (the catalogue is cached in memory).
  const snapshot = await context.services.parts.getCatalogue().catch(() => undefined);
  const rawCart = readCart(request);
  const cart = snapshot ? clampToStock(rawCart, (id) => snapshot.byId.get(id)?.balance) : rawCart;
  const balances = snapshot ? Object.fromEntries(rawCart.map((item) => [item.id, snapshot.byId.get(item.id)?.balance ?? 0])) : {};
  // Analytics events of cart changes made without JavaScript, handed over once.
  const cartEvents = readCartEvents(request);
  const headers = new Headers();
  if (cartEvents.length > 0) headers.append("Set-Cookie", cartEventsSetCookie([], undefined, isSecure(context.services.config)));
  return json(
    {
      cart,
      balances,
      cartEvents,
      cookieAccepted: cookieValue(request, COOKIE_CONSENT_NAME) === "1",
      yandexMapsApiKey: context.services.config.YANDEX_MAPS_API_KEY ?? null,
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

/** Every page change starts at the top (spec §2); a change of query alone keeps the position. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    // The lazy lead form (a form mounted after hydration renders in full) and the tests tell a
    // hydrated page from plain HTML by it.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useScrollTopOnChange(pathname);
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
      <meta property="og:site_name" content="FAW Солонцы" />
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
        {/* No frame before the header is whole: the first paint waits until <main> has been parsed
            (normally the same network packet), so the top strip and the header never show half
            parsed and then move. Browsers without render-blocking "expect" links ignore it. */}
        <link rel="expect" href="#main" blocking="render" />
        <meta name="theme-color" content="#14181d" />
        <Meta />
        <SeoLinks siteUrl={data?.siteUrl ?? ""} />
        <InlineStyles hrefs={STYLESHEETS} />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Перейти к содержимому
        </a>
        {/* Early in the page (it is fixed to the bottom of the screen): painted with the first frame,
            not after the rest of the HTML has been parsed, and reached right after the skip link. */}
        {data && !data.cookieAccepted ? <CookieBanner /> : null}
        <CartProvider serverCart={data?.cart ?? NO_CART} balances={data?.balances ?? NO_BALANCES} pendingEvents={data?.cartEvents ?? NO_EVENTS}>
          <HeaderWithCart />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter />
          <ModalOutlet />
        </CartProvider>
        <ScrollToTop />
        <DeferredScripts nonce={nonce} />
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
