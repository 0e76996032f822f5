import { describe, expect, it } from "vitest";
import { openingHours } from "./work-time";

describe("openingHours", () => {
  it("reads the spec's weekdays", () => {
    expect(openingHours("Пн–Пт 9:00–18:00")).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "09:00",
        closes: "18:00",
      },
    ]);
  });

  it("reads several ranges and a single day, with plain hyphens too", () => {
    expect(
      openingHours("Пн-Пт 8:30-19:00, Сб 10:00–15:00")?.map((h) => [h.dayOfWeek.length, h.opens, h.closes]),
    ).toEqual([
      [5, "08:30", "19:00"],
      [1, "10:00", "15:00"],
    ]);
  });

  it("gives nothing for a text it cannot read", () => {
    expect(openingHours("круглосуточно")).toBeUndefined();
    expect(openingHours("Пт–Пн 9:00–18:00")).toBeUndefined();
  });
});
