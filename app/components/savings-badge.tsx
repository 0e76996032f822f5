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

  useEffect(() => {
    if (!open) return;
    const details = ref.current;
    if (!details) return;
    const close = () => {
      details.open = false;
    };
    const onClick = (event: MouseEvent) => {
      if (!details.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const hadFocus = details.contains(document.activeElement);
      close();
      if (hadFocus) details.querySelector("summary")?.focus();
    };
    document.addEventListener("click", onClick, true);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    // <details> is interactive (its <summary> takes focus); the handler only catches Escape from it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <details
      ref={ref}
      className="savings"
      data-testid="savings"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onKeyDown={(event) => {
        // Handled here too, not only by the document listener: `toggle` fires a task later, so a
        // quick Escape right after Enter would otherwise find no listener yet.
        if (event.key !== "Escape" || !event.currentTarget.open) return;
        event.currentTarget.open = false;
        event.currentTarget.querySelector("summary")?.focus();
      }}
    >
      <summary aria-describedby={open ? tooltipId : undefined}>Экономия {formatRubWhole(amount)}</summary>
      <p id={tooltipId} className="savings__tooltip" role="tooltip">
        {SAVINGS_TOOLTIP}
      </p>
    </details>
  );
}
