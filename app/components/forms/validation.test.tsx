import { createRemixStub } from "@remix-run/testing";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { LeadFormName } from "~/lib/lead-forms";
import { LeadForm } from "./lead-form";
import { OrderForm } from "./order-form";

/**
 * The shared check of spec §5 as the visitor meets it: each field's message appears while the
 * field is typed into and clears once it is fixed; the button is disabled while any message
 * shows; a submit shows every message; fields not used yet show nothing before a submit.
 */

function renderOrder() {
  const Stub = createRemixStub([
    {
      path: "/make-order",
      Component: () => (
        <OrderForm orderKey="" seen="[]" delivery="pickup" onDeliveryChange={() => {}} goodsTotal={1000} />
      ),
      action: () => null,
    },
  ]);
  render(<Stub initialEntries={["/make-order"]} />);
  return screen.getByRole("button", { name: "Оформить заказ" }) as HTMLButtonElement;
}

function renderLead(form: LeadFormName, submit: string) {
  const Stub = createRemixStub([
    { path: "/delivery", Component: () => <LeadForm form={form} page="/delivery" /> },
    { path: "/lead/:form", action: () => null },
  ]);
  render(<Stub initialEntries={["/delivery"]} />);
  return screen.getByRole("button", { name: submit }) as HTMLButtonElement;
}

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { exact: false, selector: "input, textarea" });
}

async function type(label: string, value: string) {
  await act(async () => {
    fireEvent.change(field(label), { target: { value } });
  });
}

const shown = (message: string) => screen.queryByText(message) !== null;

async function appears(message: string) {
  await screen.findByText(message);
}

async function clears(message: string) {
  await waitFor(() => expect(shown(message)).toBe(false));
}

describe("order form", () => {
  it("shows 'Введите корректный email' while 'abc' is typed, and nothing for the fields not used yet", async () => {
    const button = renderOrder();
    expect(button.disabled).toBe(false);
    await type("Email", "abc");
    await appears("Введите корректный email");
    expect(button.disabled).toBe(true);
    expect(field("Email").getAttribute("aria-invalid")).toBe("true");
    for (const other of [
      "Заполните ФИО",
      "Введите номер телефона",
      "Длина ИНН должна быть 10 или 12 чисел",
      "Необходимо согласие на обработку персональных данных",
    ]) {
      expect(shown(other)).toBe(false);
    }
    await type("Email", "abc@mail.ru");
    await clears("Введите корректный email");
    expect(button.disabled).toBe(false);
    // Optional: emptied again, it is fine.
    await type("Email", "");
    await waitFor(() => expect(shown("Введите корректный email")).toBe(false));
  });

  it("raises and clears each message of §5 as its field is typed", async () => {
    const button = renderOrder();
    const cases: [label: string, bad: string, good: string, message: string][] = [
      ["ФИО", "", "Иванов Иван", "Заполните ФИО"],
      ["Телефон", "+7 (912) 345", "+7 (912) 345-67-89", "Введите номер телефона"],
      ["ИНН", "123", "1234567894", "Длина ИНН должна быть 10 или 12 чисел"],
      ["Email", "a@b", "a@b.ru", "Введите корректный email"],
    ];
    for (const [label, bad, good, message] of cases) {
      // ФИО is required: typed, then emptied.
      if (bad === "") await type(label, "И");
      await type(label, bad);
      await appears(message);
      expect(button.disabled).toBe(true);
      await type(label, good);
      await clears(message);
      expect(button.disabled).toBe(false);
    }
    // 12 digits are a valid ИНН too, and letters never get in.
    await type("ИНН", "123456789047");
    await waitFor(() => expect(field("ИНН").value).toBe("123456789047"));
    expect(shown("Длина ИНН должна быть 10 или 12 чисел")).toBe(false);
  });

  it("keeps the button enabled through a message-free form, and a submit shows every message", async () => {
    const button = renderOrder();
    await act(async () => {
      fireEvent.click(button);
    });
    for (const message of [
      "Заполните ФИО",
      "Введите номер телефона",
      "Необходимо согласие на обработку персональных данных",
    ]) {
      await appears(message);
    }
    expect(button.disabled).toBe(true);
    await type("ФИО", "Иванов Иван");
    await clears("Заполните ФИО");
    await type("Телефон", "+7 (912) 345-67-89");
    await clears("Введите номер телефона");
    expect(button.disabled).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole("checkbox", { name: /согласие/ }));
    });
    await clears("Необходимо согласие на обработку персональных данных");
    expect(button.disabled).toBe(false);
  });

  it("leaves a field it focused alone until it is changed", async () => {
    renderOrder();
    act(() => field("ФИО").focus());
    act(() => field("ФИО").blur());
    await type("Email", "abc");
    await appears("Введите корректный email");
    expect(shown("Заполните ФИО")).toBe(false);
  });
});

describe.each([
  { form: "callback", submit: "Отправить", inn: true },
  { form: "price", submit: "Узнать цену", inn: true },
  { form: "leasing", submit: "Отправить заявку", inn: true },
  { form: "buy", submit: "Отправить заявку", inn: false },
  { form: "parts-list", submit: "Отправить заявку", inn: false },
] as const)("lead form $form", ({ form, submit, inn }) => {
  it("raises and clears each of its messages while typing, and the button follows", async () => {
    const button = renderLead(form, submit);
    const scope = within(screen.getByRole("button", { name: submit }).closest("form")!);
    expect(scope.queryAllByText(/Заполните|Введите|Длина/)).toEqual([]);

    await type("ФИО", "И");
    await type("ФИО", "");
    await appears("Заполните ФИО");
    expect(button.disabled).toBe(true);
    await type("ФИО", "Иванов Иван");
    await clears("Заполните ФИО");
    expect(button.disabled).toBe(false);

    await type("Телефон", "+7 (912) 34");
    await appears("Введите номер телефона");
    expect(button.disabled).toBe(true);
    await type("Телефон", "+7 (912) 345-67-89");
    await clears("Введите номер телефона");
    expect(button.disabled).toBe(false);

    if (inn) {
      await type("ИНН", "12345");
      await appears("Длина ИНН должна быть 10 или 12 чисел");
      expect(button.disabled).toBe(true);
      await type("ИНН", "123456789047");
      await clears("Длина ИНН должна быть 10 или 12 чисел");
      expect(button.disabled).toBe(false);
    }
  });
});
