import { LEASING_PARTNERS } from "~/content";

/**
 * A CSS ticker of partner logos: the list is rendered twice so the loop is seamless; it pauses
 * on hover and stands still for visitors who prefer reduced motion.
 */
export function PartnerTicker() {
  return (
    <div className="ticker">
      <ul className="ticker__track">
        {[...LEASING_PARTNERS, ...LEASING_PARTNERS].map((partner, index) => (
          <li key={index} className="ticker__item" aria-hidden={index >= LEASING_PARTNERS.length ? true : undefined}>
            <img
              src={partner.logo}
              alt={index >= LEASING_PARTNERS.length ? "" : partner.name}
              width="160"
              height="60"
              loading="lazy"
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
