import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { deliveryCostText } from "~/lib/delivery";
import { formatRub } from "~/lib/format";
import { OrderLines, type OrderLinesDelivery, type OrderLinesLine } from "./order-lines";

function show(lines: OrderLinesLine[], delivery: OrderLinesDelivery | null, total: number) {
  const Stub = createRemixStub([
    { path: "/", Component: () => <OrderLines lines={lines} delivery={delivery} total={total} /> },
  ]);
  render(<Stub />);
}

const plain = (text: string | null) => (text ?? "").replace(/\s/g, " ");

describe("an order's lines", () => {
  it("links a line with its part's page, says its article or '-', its amount and sum, the delivery and total", () => {
    show(
      [
        { id: "p1", slug: "filtr-1", name: "Фильтр масляный", article: "1012010-81DJ", price: 1250.5, amount: 2 },
        { id: "p2", name: "Ремень", article: "", price: 900, amount: 1 },
      ],
      { label: "Доставка до транспортной компании", cost: 300, carrier: "ПЭК", city: "Абакан" },
      3701,
    );
    const first = screen.getByTestId("order-line-p1");
    expect(within(first).getByRole("link", { name: "Фильтр масляный" }).getAttribute("href")).toBe(
      "/catalog/parts/filtr-1",
    );
    expect(within(first).getByText("Артикул: 1012010-81DJ")).toBeTruthy();
    expect(within(first).getByTestId("line-amount").textContent).toBe("2 шт.");
    expect(plain(first.textContent)).toContain(plain(formatRub(2501)));
    const second = screen.getByTestId("order-line-p2");
    expect(within(second).queryByRole("link")).toBeNull();
    expect(within(second).getByText("Артикул: -")).toBeTruthy();
    expect(plain(screen.getByTestId("order-delivery").textContent)).toBe(
      plain(`Доставка до транспортной компании: ${deliveryCostText(300)}`),
    );
    expect(screen.getByTestId("order-carrier").textContent).toBe("Транспортная компания: ПЭК, город получения: Абакан");
    expect(plain(screen.getByTestId("order-total").textContent)).toBe(plain(formatRub(3701)));
  });

  it("leaves out the delivery of an order kept before there was one, and the article of a line kept without", () => {
    show([{ id: "p1", name: "Фильтр", price: 100, amount: 1 }], null, 100);
    expect(screen.queryByTestId("order-delivery")).toBeNull();
    expect(screen.queryByText(/Артикул/)).toBeNull();
  });
});
