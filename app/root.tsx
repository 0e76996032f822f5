import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { cookieValue, readCart } from "~server/cart-cookie.server";
import { CookieBanner } from "./components/cookie-banner";
import { ModalOutlet } from "./components/modal-outlet";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { cartCount } from "./lib/cart";
import { COOKIE_CONSENT_NAME } from "./lib/consent";
import { useNonce } from "./lib/nonce";
import { modalAwareRevalidate } from "./lib/revalidate";
import styles from "./styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const cart = readCart(request);
  return json({
    cartCount: cartCount(cart),
    cookieAccepted: cookieValue(request, COOKIE_CONSENT_NAME) === "1",
    yandexMapsApiKey: context.services.config.YANDEX_MAPS_API_KEY ?? null,
  });
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
    // Styles and tests can tell a hydrated page from plain HTML.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
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
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Перейти к содержимому
        </a>
        <SiteHeader cartCount={data?.cartCount ?? 0} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        {data && !data.cookieAccepted ? <CookieBanner /> : null}
        <ModalOutlet />
        <ScrollToTop />
        <Scripts nonce={nonce} />
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
