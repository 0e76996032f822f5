import type { Desk } from "~/content";

/** A desk's phones as tel: links, then its messengers when the dealer set them, on one line. */
export function DeskPhones({ desk }: { desk: Desk }) {
  return (
    <span className="desk-phones">
      {desk.phones.map((phone, i) => (
        <span key={phone.tel}>
          {i > 0 ? ", " : null}
          <a href={`tel:${phone.tel}`}>{phone.display}</a>
        </span>
      ))}
      {desk.messengers.map((messenger) => (
        <span key={messenger.kind}>
          {", "}
          <a href={messenger.href} target="_blank" rel="noopener noreferrer">
            {messenger.name}
          </a>
        </span>
      ))}
    </span>
  );
}
