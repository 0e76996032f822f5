import { ModalLink } from "./modal-link";

/**
 * Beside the disabled 'Купить' of a part at zero stock: says so, and offers to ask when it
 * arrives. The link opens the callback modal on the current page (a plain link to ?modal=callback
 * without JavaScript) with the part's page as the lead's source.
 */
export function OutOfStock({ slug }: { slug: string }) {
  return (
    <p className="out-of-stock" data-testid="out-of-stock">
      <span className="out-of-stock__label">Нет в наличии</span>
      <ModalLink
        modal="callback"
        extra={{ source: `/catalog/parts/${encodeURIComponent(slug)}` }}
        className="out-of-stock__link"
      >
        Узнать срок поставки
      </ModalLink>
    </p>
  );
}
