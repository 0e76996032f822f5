import { ModalLink } from "./modal-link";

/**
 * Beside the disabled 'Купить' of a part at zero stock: it can be ordered, and a request for its
 * delivery time is one link away. The link opens the callback modal on the current page (a plain
 * link to ?modal=callback without JavaScript), titled 'Узнать срок поставки' with the part's name,
 * with the part's page as the lead's source and its name and article in the comment; the modal's
 * panel shows the parts desk.
 */
export function OutOfStock({ part }: { part: { slug: string; name: string; article: string } }) {
  return (
    <p className="out-of-stock" data-testid="out-of-stock">
      <span className="out-of-stock__label">Под заказ</span>
      <ModalLink
        modal="callback"
        extra={{
          source: `/catalog/parts/${encodeURIComponent(part.slug)}`,
          part: part.name,
          comment: `Срок поставки: ${part.name}, артикул ${part.article || "-"}`,
        }}
        className="out-of-stock__link"
      >
        Узнать срок поставки
      </ModalLink>
    </p>
  );
}
