import { dealerTime, onecDate, statusEventText } from "./order-status";

describe("the status history's lines", () => {
  it("say what changed, 1C's dates as a Russian reader writes them, the time in Krasnoyarsk", () => {
    expect(statusEventText({ receivedAt: "", status: "Собран", shipmentNumber: "ОТГ-17" })).toBe(
      "Собран, номер отгрузки ОТГ-17",
    );
    expect(statusEventText({ receivedAt: "", status: "В работе", cancelled: true })).toBe("Отменён");
    expect(statusEventText({ receivedAt: "", paidAt: "2026-12-08T10:00:00" })).toBe("оплачен 08.12.2026");
    expect(onecDate("8 декабря")).toBe("8 декабря");
    // 20:30 UTC is 03:30 the next day in Krasnoyarsk (UTC+7).
    expect(dealerTime("2026-12-07T20:30:00.000Z")).toBe("08.12.2026, 03:30");
  });
});
