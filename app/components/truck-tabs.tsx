import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { TRUCK_TABS, type TruckTabId } from "~/lib/truck-tabs";

/**
 * Tabs as links (`?tab=…`, read by the loader) so they work without JavaScript; with JavaScript
 * they switch in place, as an ARIA tablist with arrow-key navigation.
 */
export function TruckTabs({
  initial,
  article,
  panels,
}: {
  initial: TruckTabId;
  article: string;
  panels: Record<TruckTabId, JSX.Element>;
}) {
  const [current, setCurrent] = useState<TruckTabId>(initial);
  const [hydrated, setHydrated] = useState(false);
  const tabRefs = useRef<Record<string, HTMLAnchorElement | null>>({});

  useEffect(() => setHydrated(true), []);
  useEffect(() => setCurrent(initial), [initial]);

  const select = (id: TruckTabId, focus: boolean) => {
    setCurrent(id);
    if (focus) tabRefs.current[id]?.focus();
  };

  const onClick = (event: MouseEvent<HTMLAnchorElement>, id: TruckTabId) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    select(id, false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TRUCK_TABS.findIndex((tab) => tab.id === current);
    let next: number;
    if (event.key === "ArrowRight") next = (index + 1) % TRUCK_TABS.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + TRUCK_TABS.length) % TRUCK_TABS.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = TRUCK_TABS.length - 1;
    else return;
    event.preventDefault();
    select(TRUCK_TABS[next].id, true);
  };

  return (
    <section className="truck-section tabs" id="specs" aria-label="Технические данные">
      <div className="tabs__bar">
        {/* The tabs take the focus (roving tabindex); the list only handles the arrow keys for them. */}
        {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
        <div className="tabs__list" role="tablist" aria-label="Технические данные" onKeyDown={onKeyDown}>
          {TRUCK_TABS.map((tab) => {
            const selected = tab.id === current;
            return (
              <a
                key={tab.id}
                ref={(el) => {
                  tabRefs.current[tab.id] = el;
                }}
                href={`?tab=${tab.id}#specs`}
                id={`tab-${tab.id}`}
                role="tab"
                aria-selected={selected}
                aria-controls={`panel-${tab.id}`}
                // Roving focus once scripts run; without them every tab stays reachable by Tab.
                tabIndex={hydrated && !selected ? -1 : undefined}
                className="tabs__tab"
                onClick={(event) => onClick(event, tab.id)}
              >
                {tab.label}
              </a>
            );
          })}
        </div>
        <p className="tabs__article">
          Код модификации: <strong>{article || "-"}</strong>
        </p>
      </div>
      {TRUCK_TABS.map((tab) => (
        <div
          key={tab.id}
          id={`panel-${tab.id}`}
          role="tabpanel"
          aria-labelledby={`tab-${tab.id}`}
          tabIndex={0}
          hidden={tab.id !== current}
          className="tabs__panel"
        >
          {panels[tab.id]}
        </div>
      ))}
    </section>
  );
}
