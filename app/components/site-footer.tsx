import { useLocation, Link } from "@remix-run/react";
import { CERTIFICATE_HREF, DEALER, MAKER_CREDIT } from "~/content";
import { footerSalesPoint } from "~/data/site";
import { TRUCK_TYPES } from "~/data/truck-types";
import { MailIcon, PhoneIcon, PinIcon } from "./icons";
import { LocationMap } from "./location-map";

export function SiteFooter() {
  const { pathname } = useLocation();
  const onContacts = pathname === "/contacts";
  const point = footerSalesPoint(pathname);

  return (
    <footer className="footer">
      <div className="container footer__grid">
        <div className="footer__columns">
          <div className="footer__col">
            <h2 className="footer__heading">Модельный ряд</h2>
            <ul>
              {TRUCK_TYPES.map((type) => (
                <li key={type.slug}>
                  <Link to={`/catalog/trucks?type=${type.slug}`}>{type.name}</Link>
                </li>
              ))}
            </ul>
          </div>
          <div className="footer__col">
            <h2 className="footer__heading">Запчасти</h2>
            <ul>
              <li>
                <Link to="/catalog/parts">Каталог</Link>
              </li>
              <li>
                <Link to="/delivery">Оплата и доставка</Link>
              </li>
            </ul>
          </div>
          <div className="footer__col">
            <h2 className="footer__heading">Навигация</h2>
            <ul>
              <li>
                <Link to="/">Главная</Link>
              </li>
              <li>
                <Link to="/catalog/trucks">Модельный ряд</Link>
              </li>
              <li>
                <Link to="/catalog/parts">Запчасти</Link>
              </li>
              <li>
                <Link to="/contacts">О нас</Link>
              </li>
            </ul>
          </div>
        </div>

        {onContacts ? null : (
          <div className="footer__contacts" data-testid="footer-contacts">
            <h2 className="footer__heading">{point.name}</h2>
            <ul className="footer__contact-list" data-testid="footer-sales-point" data-point={point.id}>
              {point.phones.map((phone) => (
                <li key={phone.tel}>
                  <PhoneIcon size={16} />
                  <a href={`tel:${phone.tel}`}>{phone.display}</a>
                  <span className="footer__muted"> — {phone.label}</span>
                </li>
              ))}
              <li>
                <PinIcon size={16} />
                <span>{point.address}</span>
              </li>
              <li>
                <MailIcon size={16} />
                <a href={`mailto:${point.email}`}>{point.email}</a>
              </li>
            </ul>
          </div>
        )}

        {onContacts ? null : <LocationMap location={point} className="footer__map" isStatic />}
      </div>
      <div className="container footer__bottom">
        <p>
          © {new Date().getFullYear()} {DEALER.name}. Официальный дилер {DEALER.brand}.
        </p>
        <a className="footer__certificate" href={CERTIFICATE_HREF} target="_blank" rel="noopener noreferrer">
          Сертификат официального дилера (PDF)
        </a>
        <Link to="/privacy">Политика конфиденциальности</Link>
        <a href={MAKER_CREDIT.href} target="_blank" rel="noopener noreferrer">
          {MAKER_CREDIT.name}
        </a>
      </div>
    </footer>
  );
}
