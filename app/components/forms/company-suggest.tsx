import { useEffect, useRef, useState, type ChangeEvent, type InputHTMLAttributes, type KeyboardEvent } from "react";
import { companyQuery, partyLabel, type CompanySuggestions, type Party } from "~/lib/party";
import { useHydrated } from "~/utils/use-hydrated";

/** Wait this long after the last key before asking: digits typed quickly cost one request. */
const PAUSE_MS = 150;

type InputProps = InputHTMLAttributes<HTMLInputElement>;

/**
 * The ИНН box as an ARIA 1.2 combobox: from the third digit, after a short pause, up to five
 * companies (GET /api/company-suggest, DaData's register on the server) under the box. Arrow keys
 * choose one and Enter takes it, Escape closes the list; a click or a tap takes one. A company
 * taken fills the ИНН and shows its short name and КПП under the box while the ИНН stays its own,
 * and the form posts its КПП (`kpp`: a branch is one of several units under one ИНН).
 * Without JavaScript it is the plain ИНН box, and the server looks the ИНН up when the form is sent.
 *
 * Like the parts search box, it asks by a plain, cancellable fetch rather than a fetcher: a
 * fetcher's lazy route discovery raced a navigation (remix-run/react-router#13114), and
 * suggestions are a hint whose request must never change the page.
 */
export function CompanyCombobox({
  id,
  input,
  describedBy,
  onChosen,
}: {
  id: string;
  /** The field's own input props (name, default value, validation handlers). */
  input: InputProps;
  /** The field's error message id, when it shows one. */
  describedBy?: string;
  /** After a company filled the box: the field checks its new value. */
  onChosen: () => void;
}) {
  const hydrated = useHydrated();
  const box = useRef<HTMLInputElement>(null);
  const request = useRef<AbortController>();
  const timer = useRef<number>();
  const [text, setText] = useState(String(input.defaultValue ?? ""));
  const [data, setData] = useState<CompanySuggestions>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [chosen, setChosen] = useState<Party>();
  const listId = `${id}-companies`;
  const companyId = `${id}-company`;

  const cancel = () => {
    window.clearTimeout(timer.current);
    request.current?.abort();
  };
  useEffect(() => cancel, []);

  const load = (q: string) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    fetch(`/api/company-suggest?q=${encodeURIComponent(q)}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<CompanySuggestions>) : undefined))
      .then((answer) => answer && setData(answer))
      // Cancelled for newer digits, limited, or the register is down: no suggestions this time.
      .catch(() => undefined);
  };

  // An answer shows only for the digits now in the box, so an old answer never replaces a newer one.
  const items = open && data && data.q === text ? data.items : [];
  const expanded = items.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;
  const company = chosen && chosen.inn === text ? chosen : undefined;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    input.onChange?.(event);
    const value = event.currentTarget.value;
    setText(value);
    setActive(-1);
    cancel();
    const q = companyQuery(value);
    setOpen(q !== null);
    if (q !== null) timer.current = window.setTimeout(() => load(q), PAUSE_MS);
  };

  const choose = (party: Party) => {
    cancel();
    if (box.current) box.current.value = party.inn;
    setText(party.inn);
    setChosen(party);
    setOpen(false);
    setActive(-1);
    onChosen();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!expanded) {
        if (companyQuery(text) !== null) setOpen(true);
        return;
      }
      event.preventDefault();
      const last = items.length - 1;
      if (event.key === "ArrowDown") setActive((current) => (current >= last ? 0 : current + 1));
      else setActive((current) => (current <= 0 ? last : current - 1));
    } else if (event.key === "Enter" && expanded && active >= 0 && active < items.length) {
      // Takes the company instead of sending the form.
      event.preventDefault();
      choose(items[active]);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const describedByIds = [describedBy, company ? companyId : undefined].filter(Boolean).join(" ") || undefined;

  return (
    <>
      <div className="company-suggest">
        <input
          {...input}
          ref={box}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => companyQuery(text) !== null && setOpen(true)}
          aria-describedby={describedByIds}
          {...(hydrated
            ? {
                role: "combobox",
                "aria-autocomplete": "list" as const,
                "aria-expanded": expanded,
                "aria-controls": listId,
                "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
              }
            : {})}
        />
        {/* A press on the list must not take the focus from the box (that would close the list first). */}
        <ul
          id={listId}
          role="listbox"
          aria-label="Организации"
          className="suggest__list company-suggest__list"
          hidden={!expanded}
          onMouseDown={(event) => event.preventDefault()}
        >
          {items.map((party, i) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard works through the combobox (aria-activedescendant)
            <li
              key={`${party.inn}-${party.kpp ?? ""}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className="suggest__option"
              onClick={() => choose(party)}
              onMouseMove={() => setActive(i)}
            >
              <span className="company-suggest__name">{party.name}</span>
              <span className="suggest__meta">
                <span>ИНН {party.inn}</span>
                {party.kpp ? <span>КПП {party.kpp}</span> : null}
              </span>
              {party.address ? <span className="suggest__meta">{party.address}</span> : null}
            </li>
          ))}
        </ul>
      </div>
      {/* The branch chosen (its КПП): the server asks the register to confirm it, never takes it as sent. */}
      <input type="hidden" name="kpp" value={company?.kpp ?? ""} />
      <p className="field__company" id={companyId} aria-live="polite" data-testid="inn-company">
        {company ? partyLabel(company) : ""}
      </p>
    </>
  );
}
