/**
 * A customer who knows a part only by another number (a cross, OEM or analogue number from an
 * old part or another catalogue) finds it by that number, typed as it comes, and sees the numbers
 * on the part's page under 'Другие номера'. The parts come from the parts API (a local fake).
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateParts } from "~server/demo-catalogue.server";
import { listenOnLoopback } from "../server-process";
import { axeViolations, MODES, openPage, serverAndBrowser, typeKeys } from "./harness";

const groups = generateParts(60);
const all = groups.flatMap((g) => g.parts);
const crossed = all.find((p) => p.article)!;
crossed.crossNumbers = ["LF-16015-XT", "1012010-29D-A", "W 950/26"];
const plainPart = all.find((p) => p !== crossed)!;

let partsApi: { url: string; close: () => Promise<void> };
beforeAll(async () => {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(groups));
  });
  partsApi = await listenOnLoopback(server);
});
afterAll(() => partsApi?.close());

const suite = serverAndBrowser(() => ({ PARTS_API_URL: partsApi.url }));

const VIEWPORTS = [
  { name: "desktop", mobile: false },
  { name: "390 px phone", mobile: true },
] as const;

describe.each(MODES)("search by another number, $name", ({ javaScriptEnabled }) => {
  it.each(VIEWPORTS)("finds the part first and lists its numbers on its page ($name)", async ({ mobile }) => {
    const { page } = await openPage(suite, "/catalog/parts", { javaScriptEnabled, mobile });
    const box = page.getByRole("combobox", { name: "Поиск по каталогу" });
    // Typed the way it was read off an old part: lower case, spaces for the hyphens.
    await typeKeys(box, "lf 16015 xt");
    if (javaScriptEnabled) {
      // The suggestions, from the same index, offer it before the search is sent.
      const option = page.getByRole("listbox", { name: "Подсказки" }).getByRole("option").first();
      await expect.poll(() => option.textContent()).toContain(crossed.fullName);
    }
    await box.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("search") === "lf 16015 xt");
    const first = page.getByTestId("part-row").first();
    await expect.poll(() => first.locator(".part-row__name").textContent()).toBe(crossed.fullName);

    await first.getByRole("link", { name: crossed.fullName }).click();
    await page.waitForURL((url) => url.pathname === `/catalog/parts/${crossed.slug}`);
    const numbers = page.getByRole("region", { name: "Другие номера" });
    // With JavaScript the page comes in after its address: wait for it.
    await expect.poll(() => numbers.getByRole("listitem").allTextContents()).toEqual(crossed.crossNumbers);
    if (javaScriptEnabled) await expect(axeViolations(page, ".part__numbers")).resolves.toEqual([]);
  });
});

it("finds a part by another number typed whole in the address, and lists none for a part without", async () => {
  const { page } = await openPage(suite, `/catalog/parts?search=${encodeURIComponent("1012010 29d a")}`, {
    javaScriptEnabled: false,
  });
  await expect(page.getByTestId("part-row").first().locator(".part-row__name").textContent()).resolves.toBe(
    crossed.fullName,
  );
  await page.goto(`/catalog/parts/${plainPart.slug}`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  await expect(page.getByRole("heading", { name: "Другие номера" }).count()).resolves.toBe(0);
});
