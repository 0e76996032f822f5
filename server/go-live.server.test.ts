import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { DEMO_ENTRIES } from "~/content";
import { CONTENT_FILE, demoItems, disagreements, goLiveReport, openCount, settings } from "./go-live.server";

const figures = {
  heroSavings: 800_000,
  truckSavings: { tyagach: 800_000, spectehnika: 0, samosval: 600_000 },
  modelsStat: "16",
  catalogueModels: 16,
};

describe("go-live report", () => {
  it("finds the demo's disagreements: the hero's savings under the largest badge, 15 models against 16", () => {
    expect(disagreements({ ...figures, heroSavings: 400_000, modelsStat: "15" })).toEqual([
      "home.heroSavings: the hero claims «Экономия до 400 000 ₽», but a truck card shows «Экономия 800 000 ₽» (truckSavings.tyagach)",
      "home.stats.models: the statistics say 15 models, the catalogue lists 16",
    ]);
    expect(disagreements(figures)).toEqual([]);
  });

  it("fails without the notify service or SITE_URL and only notes the optional settings", () => {
    const bare = settings({});
    expect(bare.failures).toHaveLength(2);
    expect(bare.failures[0]).toMatch(/^NOTIFY_API_URL and NOTIFY_API_KEY not set: leads and orders stay only on disk/);
    expect(bare.failures[1]).toMatch(/^SITE_URL not set/);
    expect(bare.notes.map((n) => n.split(" ")[0])).toEqual([
      "TRUST_PROXY",
      "YANDEX_MAPS_API_KEY",
      "YANDEX_METRICA_ID",
      "SMTP_URL",
    ]);
    expect(bare.notes.at(-1)).toBe("SMTP_URL not set: customers get no order confirmation by e-mail");
    const mail = settings({ SMTP_URL: "smtps://user:secret@smtp.example:465", MAIL_FROM: "shop@dealer.example" });
    expect(mail.notes.at(-1)).toBe(
      "SMTP_URL set: customers get their order confirmation by e-mail from shop@dealer.example",
    );
    // The URL carries the SMTP password: never printed.
    expect(mail.notes.join("\n")).not.toContain("secret");
    expect(settings({ NOTIFY_API_URL: "https://n.example", SITE_URL: "https://dealer.example" }).failures).toEqual([
      "NOTIFY_API_KEY not set: leads and orders stay only on disk (DATA_DIR/leads), nobody is notified",
    ]);
    const ready = settings({ NOTIFY_API_URL: "https://n.example", NOTIFY_API_KEY: "k", SITE_URL: "https://d.example" });
    expect(ready.failures).toEqual([]);
  });

  it("lists each demo value with the line of the content file it sits on", () => {
    const source = fs.readFileSync(CONTENT_FILE, "utf8");
    const lines = source.split("\n");
    const items = demoItems(DEMO_ENTRIES, source);
    const phone = items.find((item) => item.key === "desks.service.phones.1")!;
    expect(phone.shows).toBe("Запись на ТО: +7 (391) 200-00-03");
    expect(lines[phone.line! - 1]).toContain("+7 (391) 200-00-03");
    const point = items.find((item) => item.key === "salesPoints.1.address")!;
    expect(lines.slice(point.line! - 1, point.line! + 5).join("\n")).toContain("ул. Заводская, 1");
    for (const item of items) expect(item.line, item.key).toBeGreaterThan(0);
  });

  it("counts what is open on the demo", () => {
    const report = goLiveReport({});
    expect(openCount(report)).toBe(report.demo.length + 2 + 2);
  });
});
