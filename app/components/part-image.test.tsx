import { fireEvent, render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PartImage, PLACEHOLDER_IMAGE } from "./part-image";

const frame = (container: HTMLElement) => container.querySelector(".img-frame")!;
const img = (container: HTMLElement) => container.querySelector("img")!;

/** jsdom loads no pictures; the test decides whether the browser had finished one. */
function pictureComplete(complete: boolean) {
  vi.spyOn(HTMLImageElement.prototype, "complete", "get").mockReturnValue(complete);
}

describe("PartImage", () => {
  afterEach(() => vi.restoreAllMocks());

  it("renders the picture over the placeholder frame, sized, with nothing hidden, on the server", () => {
    const html = renderToString(
      <PartImage src="/images/parts/filter.webp" alt="Фильтр" width={120} height={90} eager />,
    );
    expect(html).toContain('class="img-frame ');
    expect(html).not.toContain("is-pending");
    expect(html).toMatch(
      /<img src="\/images\/parts\/filter.webp" alt="Фильтр" width="120" height="90" loading="eager"/,
    );
    expect(html).toContain("aspect-ratio:120 / 90");
  });

  it("hides a picture still loading when it mounts, and shows it once it has loaded", () => {
    pictureComplete(false);
    const { container } = render(<PartImage src="/images/parts/filter.webp" alt="" width={120} height={90} />);
    expect(frame(container).classList.contains("is-pending")).toBe(true);
    fireEvent.load(img(container));
    expect(frame(container).classList.contains("is-pending")).toBe(false);
  });

  it("leaves a picture the browser had already loaded as it is", () => {
    pictureComplete(true);
    const { container } = render(<PartImage src="/images/parts/filter.webp" alt="" width={120} height={90} />);
    expect(frame(container).classList.contains("is-pending")).toBe(false);
  });

  it("falls back to the placeholder when the picture fails, once", () => {
    pictureComplete(false);
    const { container } = render(<PartImage src="/images/parts/missing.webp" alt="" width={120} height={90} />);
    fireEvent.error(img(container));
    expect(img(container).getAttribute("src")).toBe(PLACEHOLDER_IMAGE);
    fireEvent.error(img(container));
    expect(img(container).getAttribute("src")).toBe(PLACEHOLDER_IMAGE);
    fireEvent.load(img(container));
    expect(frame(container).classList.contains("is-pending")).toBe(false);
  });

  it("uses the placeholder when a part has no picture", () => {
    const { container } = render(<PartImage alt="" width={120} height={90} />);
    expect(img(container).getAttribute("src")).toBe(PLACEHOLDER_IMAGE);
  });
});
