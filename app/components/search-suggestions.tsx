import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { MIN_SUGGEST_LENGTH } from "~/lib/catalogue-query";
import { partPrice } from "~/lib/format";
import { highlightPart } from "~/lib/highlight";
import type { SuggestionsData } from "~/lib/suggestions";
import { Highlighted } from "./highlighted";

/** Wait this long after the last key before asking: a word typed quickly costs one request. */
const PAUSE_MS = 150;

const countsForSuggestions = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, "").length >= MIN_SUGGEST_LENGTH;

/**
 * The parts search box as an ARIA 1.2 combobox: from the second letter, after a short pause, up
 * to six parts (GET /api/parts-suggest) in relevance order under the box. Arrow keys choose a
 * part, Enter opens it (or, with none chosen, runs the search as typed), Escape closes the list;
 * a click opens a part. Rendered by the server as the plain search input it is without JavaScript.
 *
 * The suggestions come by a plain fetch of the resource route, not a fetcher: with lazy route
 * discovery a fetcher first discovers /api/parts-suggest, and a search sent while that was under
 * way ended on the router's 404 page instead of the results (remix-run/react-router#13114).
 * Suggestions are a hint; whatever becomes of their request, the page stays.
 */
export function SearchSuggestions({
  id,
  name,
  defaultValue,
  placeholder,
  maxLength,
}: {
  id: string;
  name: string;
  defaultValue: string;
  placeholder: string;
  maxLength: number;
}) {
  const [data, setData] = useState<SuggestionsData>();
  const request = useRef<AbortController>();
  const navigate = useNavigate();
  const [text, setText] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The URL's search the box last took, and the text the visitor last sent from it.
  const [takenFromUrl, setTakenFromUrl] = useState(defaultValue);
  const [sent, setSent] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const textNow = useRef(text);
  textNow.current = text;
  useEffect(() => {
    // The form is sent (Enter, 'Искать'): what the box held then, to tell a refinement typed after it.
    const form = input.current?.form;
    if (!form) return;
    const onSubmit = () => setSent(textNow.current);
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, []);
  if (defaultValue !== takenFromUrl) {
    // A new search in the URL (sent from here, a link, Back): the box shows it, unless it is the
    // search sent from here and the visitor has typed on since, while its results loaded: what
    // they typed stays.
    setTakenFromUrl(defaultValue);
    setSent(undefined);
    const typedOn = sent !== undefined && sent.trim() === defaultValue && text !== sent;
    if (!typedOn) {
      setText(defaultValue);
      setOpen(false);
      setActive(-1);
    }
  }
  const timer = useRef<number>();
  const listId = `${id}-suggestions`;

  const cancel = () => {
    window.clearTimeout(timer.current);
    request.current?.abort();
  };
  useEffect(() => cancel, []);

  const load = (value: string) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    fetch(`/api/parts-suggest?q=${encodeURIComponent(value)}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<SuggestionsData>) : undefined))
      .then((answer) => answer && setData(answer))
      // Cancelled for newer text, or the network failed: no suggestions this time.
      .catch(() => undefined);
  };

  // A new load cancels the one in flight, and an answer is shown only for the text now in the
  // box, so an old answer never replaces a newer one.
  const items = open && data && data.q === text ? data.items : [];
  const expanded = items.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;

  const openPart = (slug: string) => {
    setOpen(false);
    navigate(`/catalog/parts/${slug}`);
  };

  const onChange = (value: string) => {
    setText(value);
    setActive(-1);
    cancel();
    if (!countsForSuggestions(value)) {
      setOpen(false);
      return;
    }
    setOpen(true);
    timer.current = window.setTimeout(() => load(value), PAUSE_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!expanded) {
        if (countsForSuggestions(text)) setOpen(true);
        return;
      }
      event.preventDefault();
      const last = items.length - 1;
      if (event.key === "ArrowDown") setActive((current) => (current >= last ? 0 : current + 1));
      else setActive((current) => (current <= 0 ? last : current - 1));
    } else if (event.key === "Enter") {
      if (expanded && active >= 0 && active < items.length) {
        event.preventDefault();
        openPart(items[active].slug);
      } else {
        setOpen(false);
      }
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const shownFor = data?.shownQuery ?? text;

  return (
    <div className="suggest">
      <input
        id={id}
        // A text box, not type=search: that one may not be a combobox (ARIA in HTML).
        type="text"
        inputMode="search"
        enterKeyHint="search"
        name={name}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        ref={input}
        onFocus={() => countsForSuggestions(text) && setOpen(true)}
        placeholder={placeholder}
        maxLength={maxLength}
        className="field__input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
      />
      {/* Clicks on the list must not take the focus from the box (that would close the list first). */}
      <ul
        id={listId}
        role="listbox"
        aria-label="Подсказки"
        className="suggest__list"
        hidden={!expanded}
        onMouseDown={(event) => event.preventDefault()}
      >
        {items.map((item, i) => {
          const marks = highlightPart(item, shownFor, { complete: true });
          return (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard works through the combobox (aria-activedescendant)
            <li
              key={item.slug}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className="suggest__option"
              onClick={() => openPart(item.slug)}
              onMouseMove={() => setActive(i)}
            >
              <span className="suggest__name">
                <Highlighted segments={marks.fullName} />
              </span>
              <span className="suggest__meta">
                <span>Артикул: {item.article ? <Highlighted segments={marks.article} /> : "-"}</span>
                <span>В наличии: {item.balance} ед.</span>
                <span className="suggest__price">{partPrice(item.price)}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
