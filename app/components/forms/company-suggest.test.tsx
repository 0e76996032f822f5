import { createRemixStub } from "@remix-run/testing";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "~/lib/lead-schemas";
import type { CompanySuggestions, Party } from "~/lib/party";
import { OrderForm } from "./order-form";

/**
 * The ИНН combobox as a keyboard user meets it: companies for the digits typed, arrow keys that
 * wrap, Enter that takes one (the field's message clears with the whole ИНН), Escape that closes.
 */

const ROMASHKA: Party = { inn: "2465000014", name: "ООО «Ромашка»", kpp: "246601001", address: "г Красноярск" };
const TRADER: Party = { inn: "246500012341", name: "ИП Иванов Иван Иванович" };

let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const q = new URL(url, "http://site.test").searchParams.get("q") ?? "";
      asked.push(q);
      const body: CompanySuggestions = { q, items: [ROMASHKA, TRADER].filter((p) => p.inn.startsWith(q)) };
      return new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/**
 * The order page with the form ready for a visitor: its script has run (the mark of
 * useEnhancedMark). The page shows the form after the root loader's answer; a change sent the
 * moment it appears, before React has run the form's effects, would be checked by nobody.
 */
async function renderOrder(companyLookup: boolean) {
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ companyLookup }),
      children: [
        {
          path: "make-order",
          Component: () => (
            <OrderForm orderKey="" seen="[]" delivery="pickup" onDeliveryChange={() => {}} goodsTotal={0} />
          ),
          action: () => null,
        },
      ],
    },
  ]);
  render(<Stub initialEntries={["/make-order"]} />);
  await waitFor(() => expect(document.querySelector("form[data-enhanced]")).not.toBeNull());
}

async function typeInn(value: string) {
  const box = await screen.findByLabelText(/^ИНН организации/);
  await act(async () => {
    fireEvent.change(box, { target: { value } });
  });
  return box as HTMLInputElement;
}

/** The companies offered for the ИНН box (the order form has other options: the carriers' list). */
const companies = (box: HTMLElement) => within(document.getElementById(box.getAttribute("aria-controls")!)!);

/** The КПП the form would post. */
const kpp = () => (document.querySelector("input[name=kpp]") as HTMLInputElement).value;

const key = (box: HTMLElement, name: string) => act(async () => void fireEvent.keyDown(box, { key: name }));

describe("the ИНН combobox", () => {
  it("offers companies for 3+ digits and takes one by keyboard", async () => {
    await renderOrder(true);
    let box = await typeInn("24");
    await screen.findByText(MESSAGES.inn);
    expect(asked).toEqual([]);
    box = await typeInn("2465");
    const options = await companies(box).findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining(ROMASHKA.name),
      expect.stringContaining(TRADER.name),
    ]);
    expect(asked).toEqual(["2465"]);
    expect(box.getAttribute("aria-expanded")).toBe("true");
    await key(box, "ArrowUp");
    expect(box.getAttribute("aria-activedescendant")).toBe(options[1].id);
    await key(box, "ArrowDown");
    expect(box.getAttribute("aria-activedescendant")).toBe(options[0].id);
    expect(options[0].getAttribute("aria-selected")).toBe("true");
    await key(box, "Enter");
    expect(box.value).toBe(ROMASHKA.inn);
    expect(screen.getByTestId("inn-company").textContent).toBe("ООО «Ромашка», КПП 246601001");
    // The form posts the КПП of the unit chosen (a branch has its own), for the server to confirm.
    expect(kpp()).toBe(ROMASHKA.kpp);
    expect(box.getAttribute("aria-expanded")).toBe("false");
    expect(box.getAttribute("aria-describedby")).toContain("order-inn-company");
    // The whole ИНН clears the length message.
    await waitFor(() => expect(screen.queryByText(MESSAGES.inn)).toBeNull());
  });

  it("closes the list on Escape and forgets the company once the ИНН changes", async () => {
    await renderOrder(true);
    const box = await typeInn("24650");
    const [first] = await companies(box).findAllByRole("option");
    await act(async () => void fireEvent.click(first));
    expect(screen.getByTestId("inn-company").textContent).toBe("ООО «Ромашка», КПП 246601001");
    expect(kpp()).toBe(ROMASHKA.kpp);
    await typeInn("246500001");
    expect(screen.getByTestId("inn-company").textContent).toBe("");
    expect(kpp()).toBe("");
    await companies(box).findAllByRole("option");
    await key(box, "Escape");
    expect(box.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByRole("listbox", { hidden: true }).hidden).toBe(true);
  });

  it("is the plain ИНН box when the site looks no company up", async () => {
    await renderOrder(false);
    await typeInn("2465");
    expect(screen.queryByRole("combobox", { name: /^ИНН организации/ })).toBeNull();
    expect(screen.queryByRole("listbox", { hidden: true })).toBeNull();
    await new Promise((r) => setTimeout(r, 300));
    expect(asked).toEqual([]);
  });
});
