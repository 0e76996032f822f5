import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useScrollTopOnChange } from "./scroll-top";

function Page({ path }: { path: string }) {
  useScrollTopOnChange(path);
  return <p>{path}</p>;
}

describe("useScrollTopOnChange", () => {
  afterEach(() => vi.restoreAllMocks());

  it("leaves the position alone when the page first mounts (hydration), also under StrictMode", () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    render(
      <StrictMode>
        <Page path="/catalog/parts" />
      </StrictMode>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("scrolls to the top once for each change of the key, and not for a render with the same key", () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const view = render(<Page path="/privacy" />);
    view.rerender(<Page path="/privacy" />);
    expect(scrollTo).not.toHaveBeenCalled();
    view.rerender(<Page path="/delivery" />);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    view.rerender(<Page path="/delivery" />);
    view.rerender(<Page path="/privacy" />);
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
