import { useLocation, Link, NavLink } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { DEALER, DESKS, deskPhone } from "~/content";
import { MAIN_NAV, type NavItem } from "~/data/site";
import { deskForPage } from "~/lib/desk";
import { DeskPhones } from "./desk-phones";
import {
  CallbackIcon,
  CartIcon,
  ChevronDownIcon,
  CloseIcon,
  MailIcon,
  MenuIcon,
  PhoneIcon,
  TelegramIcon,
  WhatsAppIcon,
} from "./icons";
import { Logo } from "./logo";
import { ModalLink } from "./modal-link";

function CartButton({ count }: { count: number }) {
  return (
    <Link to="/cart" className="header__cart btn btn--outline" data-testid="header-cart">
      {count > 0 ? `Корзина (${count})` : "Корзина"}
    </Link>
  );
}

/** The Запчасти dropdown: hover or click on desktop, and the keyboard; CSS :focus-within keeps it usable without JavaScript. */
function Dropdown({ name, items }: { name: string; items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open]);

  return (
    // The dropdown's button is the control; the item only widens hover to the open menu and
    // catches Escape from anything inside it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      ref={ref}
      className={`nav__item nav__item--dropdown${open ? " is-open" : ""}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          ref.current?.querySelector("button")?.focus();
        }
        if (event.key === "ArrowDown") {
          event.preventDefault();
          setOpen(true);
          const links = [...(ref.current?.querySelectorAll<HTMLAnchorElement>(".nav__submenu a") ?? [])];
          const index = links.indexOf(document.activeElement as HTMLAnchorElement);
          requestAnimationFrame(() => links[Math.min(index + 1, links.length - 1)]?.focus());
        }
        if (event.key === "ArrowUp") {
          event.preventDefault();
          const links = [...(ref.current?.querySelectorAll<HTMLAnchorElement>(".nav__submenu a") ?? [])];
          const index = links.indexOf(document.activeElement as HTMLAnchorElement);
          if (index > 0) links[index - 1].focus();
          else ref.current?.querySelector("button")?.focus();
        }
      }}
      onBlur={(event) => {
        if (!ref.current?.contains(event.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        type="button"
        className="nav__link nav__toggle"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((v) => !v)}
      >
        {name}
        <ChevronDownIcon size={16} />
      </button>
      <ul className="nav__submenu">
        {items.map((child) => (
          <li key={child.link}>
            <NavLink to={child.link} className="nav__sublink">
              {child.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

function MobileMenu({ count }: { count: number }) {
  const location = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  // Unset in the server's HTML (a <summary> tells its state by itself); with JavaScript the burger
  // says so explicitly, following every toggle.
  const [expanded, setExpanded] = useState<boolean>();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.pathname, location.search]);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const sync = () => setExpanded(details.open);
    sync();
    details.addEventListener("toggle", sync);
    return () => details.removeEventListener("toggle", sync);
  }, []);
  // The sticky header keeps a call, the callback and the desk's messengers one tap away at any
  // scroll position on a phone.
  const desk = DESKS[deskForPage(location.pathname)];
  const phone = desk.phones[0];
  return (
    <div className="mobile-bar">
      <a
        href={`tel:${phone.tel}`}
        className="mobile-bar__icon"
        aria-label={`Позвонить: ${phone.label}, ${phone.display}`}
      >
        <PhoneIcon size={22} />
      </a>
      <ModalLink modal="callback" className="mobile-bar__icon">
        <CallbackIcon size={22} />
        <span className="visually-hidden">Заказать обратный звонок</span>
      </ModalLink>
      {desk.messengers.map((messenger) => (
        <a
          key={messenger.kind}
          href={messenger.href}
          target="_blank"
          rel="noopener noreferrer"
          className="mobile-bar__icon mobile-bar__icon--messenger"
          aria-label={`${messenger.name}: ${desk.name}`}
        >
          {messenger.kind === "whatsapp" ? <WhatsAppIcon size={22} /> : <TelegramIcon size={22} />}
        </a>
      ))}
      <Link
        to="/cart"
        className="mobile-cart"
        aria-label={count > 0 ? `Корзина, товаров: ${count}` : "Корзина"}
        data-testid="mobile-cart"
      >
        <CartIcon size={24} />
        {count > 0 ? <span className="mobile-cart__badge">{count}</span> : null}
      </Link>
      {/* <details> opens and closes without JavaScript. */}
      <details ref={ref} className="mobile-menu" data-testid="mobile-menu">
        <summary className="mobile-menu__burger" aria-label="Меню" aria-expanded={expanded}>
          {/* ☰ while closed, × while open: CSS follows the open attribute, with or without JavaScript. */}
          <MenuIcon size={26} className="mobile-menu__icon-open" />
          <CloseIcon size={26} className="mobile-menu__icon-close" />
        </summary>
        <nav className="mobile-menu__panel" aria-label="Мобильное меню">
          <ul>
            {MAIN_NAV.map((item) =>
              item.children ? (
                <li key={item.name}>
                  <details className="mobile-menu__group">
                    <summary>
                      {item.name}
                      <ChevronDownIcon size={16} />
                    </summary>
                    <ul>
                      {item.children.map((child) => (
                        <li key={child.link}>
                          <Link to={child.link}>{child.name}</Link>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              ) : (
                <li key={item.link}>
                  <Link to={item.link}>{item.name}</Link>
                </li>
              ),
            )}
            <li>
              <Link to="/cart">{count > 0 ? `Корзина (${count})` : "Корзина"}</Link>
            </li>
          </ul>
          <ul className="mobile-menu__desks" aria-label="Отделы: звонки и мессенджеры">
            {Object.values(DESKS).map((item) => (
              <li key={item.id}>
                <span className="mobile-menu__desk">{item.name}</span>
                <DeskPhones desk={item} />
              </li>
            ))}
          </ul>
        </nav>
      </details>
    </div>
  );
}

/** Whether some desk puts its messengers in the phone bar, which then needs the room of the logo's wordmark. */
const MESSENGERS_IN_BAR = Object.values(DESKS).some((desk) => desk.messengers.length > 0);

export function SiteHeader({ cartCount }: { cartCount: number }) {
  const salesPhone = deskPhone("sales");
  return (
    <>
      <aside className="top-strip" aria-label="Контакты дилера">
        <div className="container top-strip__inner">
          <p className="top-strip__title">Официальный дилер спецтехники {DEALER.brand}</p>
          <div className="top-strip__contacts">
            <a href={`mailto:${DESKS.sales.email}`} className="top-strip__link">
              <MailIcon size={16} />
              {DESKS.sales.email}
            </a>
            <a href={`tel:${salesPhone.tel}`} className="top-strip__link">
              <PhoneIcon size={16} />
              {salesPhone.display}
            </a>
          </div>
        </div>
      </aside>
      <header className="header">
        <div className={`container header__inner${MESSENGERS_IN_BAR ? " header__inner--messengers" : ""}`}>
          <Link to="/" className="logo" aria-label={`${DEALER.name} — на главную`}>
            <Logo className="logo__img" />
          </Link>
          <nav className="nav" aria-label="Главное меню">
            <ul className="nav__list">
              {MAIN_NAV.map((item) =>
                item.children ? (
                  <Dropdown key={item.name} name={item.name} items={item.children} />
                ) : (
                  <li key={item.link} className="nav__item">
                    <NavLink to={item.link} className="nav__link">
                      {item.name}
                    </NavLink>
                  </li>
                ),
              )}
            </ul>
            <CartButton count={cartCount} />
          </nav>
          <MobileMenu count={cartCount} />
        </div>
      </header>
    </>
  );
}
