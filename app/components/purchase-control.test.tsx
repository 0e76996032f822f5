import { createRemixStub } from "@remix-run/testing";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ecommerceEvent, type EcommerceEvent } from "~/lib/analytics";
import { cartCookieStamp, decodeCartCookie } from "~/lib/cart";
import { readCookies } from "~/lib/cookies";
import { CartProvider, useCart } from "./cart-provider";
import { PurchaseControl } from "./purchase-control";

const part = { id: "42", name: "Фильтр масляный", price: 1250, balance: 2 };

function Count() {
  return <p data-testid="count">{useCart().count}</p>;
}

function renderControl(
  balance = part.balance,
  serverCart: { id: string; amount: number }[] = [],
  pendingEvents: EcommerceEvent[] = [],
) {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <CartProvider serverCart={serverCart} balances={{}} pendingEvents={pendingEvents}>
          <PurchaseControl part={{ ...part, balance }} />
          <Count />
        </CartProvider>
      ),
    },
  ]);
  return render(<Stub />);
}

beforeEach(() => {
  localStorage.clear();
  document.cookie = "cart=; Max-Age=0; Path=/";
  (window as unknown as { dataLayer?: unknown[] }).dataLayer = [];
});

describe("PurchaseControl", () => {
  it("disables 'Купить' when nothing is in stock", async () => {
    renderControl(0);
    expect(((await screen.findByRole("button", { name: "Купить" })) as HTMLButtonElement).disabled).toBe(true);
  });

  it("turns into a stepper bounded by 0 and the balance, and mirrors the cart into storage and the cookie", async () => {
    renderControl();
    await act(async () => fireEvent.click(await screen.findByRole("button", { name: "Купить" })));
    const plus = screen.getByRole("button", { name: "Увеличить количество" }) as HTMLButtonElement;
    expect(screen.getByTestId("count").textContent).toBe("1");
    await act(async () => fireEvent.click(plus));
    expect(screen.getByTestId("count").textContent).toBe("2");
    expect(plus.disabled).toBe(true);
    expect(JSON.parse(localStorage.getItem("cart")!)).toEqual([{ id: "42", amount: 2 }]);
    // The cookie has the cart and the stamp of the write, the same as the one kept beside it.
    const cookie = readCookies(document.cookie).cart;
    expect(decodeCartCookie(cookie)).toEqual([{ id: "42", amount: 2 }]);
    expect(cartCookieStamp(cookie)).toBe(localStorage.getItem("cart_stamp"));

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Уменьшить количество" })));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Уменьшить количество" })));
    expect(screen.getByRole("button", { name: "Купить" })).toBeTruthy();
    expect(screen.getByTestId("count").textContent).toBe("0");
  });

  it("pushes one e-commerce event per change", async () => {
    renderControl();
    await act(async () => fireEvent.click(await screen.findByRole("button", { name: "Купить" })));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Уменьшить количество" })));
    expect((window as unknown as { dataLayer: unknown[] }).dataLayer).toEqual([
      {
        ecommerce: {
          currencyCode: "RUB",
          add: { products: [{ id: "42", name: "Фильтр масляный", price: 1250, quantity: 1 }] },
        },
      },
      {
        ecommerce: {
          currencyCode: "RUB",
          remove: { products: [{ id: "42", name: "Фильтр масляный", price: 1250, quantity: 1 }] },
        },
      },
    ]);
  });

  it("lets localStorage win over the server's copy, and adopts a cookie-only cart", async () => {
    localStorage.setItem("cart", JSON.stringify([{ id: "42", amount: 1 }]));
    const first = renderControl(5, [{ id: "42", amount: 3 }]);
    await screen.findByRole("button", { name: "Увеличить количество" });
    expect(screen.getByTestId("count").textContent).toBe("1");
    expect(document.cookie).toContain("cart=42.1");
    first.unmount();

    localStorage.clear();
    renderControl(5, [{ id: "42", amount: 3 }]);
    await screen.findByRole("button", { name: "Увеличить количество" });
    expect(screen.getByTestId("count").textContent).toBe("3");
    expect(JSON.parse(localStorage.getItem("cart")!)).toEqual([{ id: "42", amount: 3 }]);
  });

  it("keeps the cart the server changed after the browser's last write, and says what was added on the way", async () => {
    localStorage.setItem("cart", JSON.stringify([{ id: "42", amount: 1 }]));
    localStorage.setItem("cart_stamp", "a1");
    // 'Купить' pressed twice more before the page's script ran: the server's write, stamped its own way.
    document.cookie = "cart=!b2~42.3; Path=/";
    const added = ecommerceEvent("add", [{ id: "42", name: part.name, price: part.price, quantity: 1 }]);
    renderControl(5, [{ id: "42", amount: 3 }], [added]);
    await screen.findByRole("button", { name: "Увеличить количество" });
    expect(screen.getByTestId("count").textContent).toBe("3");
    expect(JSON.parse(localStorage.getItem("cart")!)).toEqual([{ id: "42", amount: 3 }]);
    expect(localStorage.getItem("cart_stamp")).toBe("b2");
    expect(screen.getByText(/^Добавлено в корзину/).textContent).toBe("Добавлено в корзину. Перейти в корзину");
    expect(screen.getByRole("link", { name: "Перейти в корзину" }).getAttribute("href")).toBe("/cart");
  });

  it("keeps an emptying the server made, and takes the emptied cart's cookie away", async () => {
    localStorage.setItem("cart", JSON.stringify([{ id: "42", amount: 1 }]));
    localStorage.setItem("cart_stamp", "a1");
    document.cookie = "cart=!b2; Path=/";
    renderControl(5, []);
    await screen.findByRole("button", { name: "Купить" });
    await act(async () => {});
    expect(screen.getByTestId("count").textContent).toBe("0");
    expect(JSON.parse(localStorage.getItem("cart")!)).toEqual([]);
    expect(readCookies(document.cookie).cart).toBeUndefined();
  });
});
