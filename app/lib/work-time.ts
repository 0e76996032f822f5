/**
 * Work time as the dealer writes it ('Пн–Пт 9:00–18:00', 'Пн–Пт 9:00–18:00, Сб 10:00–15:00') read
 * into schema.org's opening hours, so the JSON-LD follows the text the pages show.
 */
const DAYS = ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"] as const;
const SCHEMA_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export interface OpeningHours {
  "@type": "OpeningHoursSpecification";
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

const SEGMENT =
  /^(Пн|Вт|Ср|Чт|Пт|Сб|Вс)(?:\s*[–-]\s*(Пн|Вт|Ср|Чт|Пт|Сб|Вс))?\s+(\d{1,2}):(\d{2})\s*[–-]\s*(\d{1,2}):(\d{2})$/;

const hhmm = (h: string, m: string) => `${h.padStart(2, "0")}:${m}`;

/** The opening hours of a work-time text, or undefined when it is not in that form. */
export function openingHours(workTime: string): OpeningHours[] | undefined {
  const result: OpeningHours[] = [];
  for (const segment of workTime.split(/[,;]/).map((s) => s.trim())) {
    const m = SEGMENT.exec(segment);
    if (!m) return undefined;
    const from = DAYS.indexOf(m[1] as (typeof DAYS)[number]);
    const to = m[2] ? DAYS.indexOf(m[2] as (typeof DAYS)[number]) : from;
    if (to < from) return undefined;
    result.push({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: SCHEMA_DAYS.slice(from, to + 1),
      opens: hhmm(m[3], m[4]),
      closes: hhmm(m[5], m[6]),
    });
  }
  return result;
}
