import { useLocation, Link, NavLink } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search}
    </p>
  );
}

function Page() {
  return (
    <>
      <nav>
        <NavLink to="/catalog/parts" className="nav__link">
          Запчасти
        </NavLink>
        <NavLink to="/delivery" className="nav__link">
          Оплата и доставка
        </NavLink>
      </nav>
      <Link to="/catalog/parts/filtr-maslyanyy-1?from=list" className="part-link">
        Фильтр масляный
      </Link>
      <Link to="/delivery" target="_blank">
        В новой вкладке
      </Link>
      <Where />
    </>
  );
}

/**
 * Clicks as a person does and tells whether the app took the click (prevented the browser's
 * navigation); the browser's own navigation is then stopped, which jsdom cannot follow.
 */
function click(element: HTMLElement, init: MouseEventInit = {}): boolean {
  let taken = false;
  const afterApp = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener("click", afterApp);
  fireEvent.click(element, init);
  window.removeEventListener("click", afterApp);
  return taken;
}

function renderAt(path: string) {
  const Stub = createRemixStub([
    { path: "/catalog/parts", Component: Page },
    { path: "/catalog/parts/:slug", Component: Page },
    { path: "/delivery", Component: Page },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe("Remix's Link and NavLink on the site", () => {
  it("renders its path as the href, with its class", async () => {
    renderAt("/catalog/parts");
    const link = await screen.findByRole("link", { name: "Фильтр масляный" });
    expect(link.getAttribute("href")).toBe("/catalog/parts/filtr-maslyanyy-1?from=list");
    expect(link.className).toBe("part-link");
  });

  it("follows a plain click in the app, without a page load", async () => {
    renderAt("/catalog/parts");
    const link = await screen.findByRole("link", { name: "Фильтр масляный" });
    // A click the router takes is prevented for the browser: no document request.
    expect(click(link)).toBe(true);
    expect((await screen.findByTestId("where")).textContent).toBe("/catalog/parts/filtr-maslyanyy-1?from=list");
  });

  it("leaves a click with a modifier or on a link to another tab to the browser", async () => {
    renderAt("/catalog/parts");
    const link = await screen.findByRole("link", { name: "Фильтр масляный" });
    expect(click(link, { ctrlKey: true })).toBe(false);
    expect(click(link, { button: 1 })).toBe(false);
    expect(click(screen.getByRole("link", { name: "В новой вкладке" }))).toBe(false);
    expect(screen.getByTestId("where").textContent).toBe("/catalog/parts");
  });

  it("marks the current section in a menu, on its pages below too", async () => {
    renderAt("/catalog/parts/filtr-maslyanyy-1");
    const parts = await screen.findByRole("link", { name: "Запчасти" });
    const delivery = screen.getByRole("link", { name: "Оплата и доставка" });
    expect(parts.getAttribute("aria-current")).toBe("page");
    expect(parts.className).toBe("nav__link active");
    expect(delivery.getAttribute("aria-current")).toBeNull();
    expect(delivery.className).toBe("nav__link");

    expect(click(delivery)).toBe(true);
    await screen.findByText("/delivery", { selector: "[data-testid=where]" });
    expect(screen.getByRole("link", { name: "Оплата и доставка" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Запчасти" }).getAttribute("aria-current")).toBeNull();
  });
});
