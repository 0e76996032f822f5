import { useEffect, useId, useRef, useState } from "react";
import { formatRubWhole } from "~/lib/format";

const SAVINGS_TOOLTIP = "Субсидия при покупке в лизинг, подробности у менеджера.";

/**
 * The 'Экономия …' badge of a truck card (spec §2 Truck list). Built on <details>, so a click
 * toggles the tooltip without JavaScript too; with JavaScript a click anywhere outside and the
 * Escape key close it.
 */
export function SavingsBadge({ amount }: { amount: number }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const tooltipId = useId();

  // Listening all along, not from the `toggle` event on: that event comes a task after the click
  // that opened the badge, and a click outside right after it must close it all the same.
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onClick = (event: MouseEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      const hadFocus = details.contains(document.activeElement);
      details.open = false;
      if (hadFocus) details.querySelector("summary")?.focus();
    };
    document.addEventListener("click", onClick, true);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  return (
    <details
      ref={ref}
      className="savings"
      data-testid="savings"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary aria-describedby={open ? tooltipId : undefined}>Экономия {formatRubWhole(amount)}</summary>
      <p id={tooltipId} className="savings__tooltip" role="tooltip">
        {SAVINGS_TOOLTIP}
      </p>
    </details>
  );
}
