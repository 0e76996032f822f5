import { catalogueWorkerUrl } from "../test/catalogue-worker";
import { parsePartsQuery } from "~/lib/catalogue-query";
import { runPartsQuery } from "~/lib/catalogue-search";
import { createCatalogueSnapshot } from "~/lib/catalogue-snapshot";
import { parseCatalogue } from "~/lib/part";
import { buildCatalogueInWorker, CatalogueBuildError, type BodySlabs } from "./catalogue-builder.server";
import { generateParts } from "./demo-catalogue.server";

let workerUrl: URL;
beforeAll(async () => {
  workerUrl = await catalogueWorkerUrl();
});

/** `json` as the gateway hands it over: in slabs of `slab` bytes. */
function slabs(json: string, slab = 64 * 1024): BodySlabs {
  const bytes = new TextEncoder().encode(json);
  const out: ArrayBuffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += slab) {
    const piece = new Uint8Array(slab);
    piece.set(bytes.subarray(offset, offset + slab));
    out.push(piece.buffer);
  }
  return { slabs: out, byteLength: bytes.length };
}

describe("buildCatalogueInWorker", () => {
  it("builds the same snapshot as the server would, index and orders included", async () => {
    const groups = generateParts(5_000, 7);
    // Parts the reading drops: reported back with their ids.
    groups[0].parts.push({ id: "bad-1", name: "без цены" } as never, { ...groups[1].parts[0] });
    const json = JSON.stringify(groups);
    const expected = createCatalogueSnapshot(parseCatalogue(JSON.parse(json)), 3);

    const built = await buildCatalogueInWorker(slabs(json), 3, workerUrl);
    const { snapshot } = built;
    expect(built.droppedCount).toBe(2);
    expect(built.dropped).toEqual(["bad-1", groups[1].parts[0].id]);
    expect(snapshot.version).toBe(3);
    expect(snapshot.parts).toEqual(expected.parts);
    expect(snapshot.groups).toEqual(expected.groups);
    expect(snapshot.orders).toEqual(expected.orders);
    expect(snapshot.places).toEqual(expected.places);
    expect(snapshot.relatedPool).toEqual(expected.relatedPool);
    expect(snapshot.index).toEqual(expected.index);
    for (const part of snapshot.parts) {
      expect(snapshot.bySlug.get(part.slug)).toBe(part);
      expect(snapshot.byId.get(part.id)).toBe(part);
    }
    expect(snapshot.bySlug.get("no-such-part")).toBeUndefined();
    for (const url of [
      "search=фильтр масляный&page=2",
      "search=abkmnh",
      "groups=FAW J7&sortBy=price_desc",
      "search=1012",
    ]) {
      const query = parsePartsQuery(new URLSearchParams(url));
      expect(runPartsQuery(snapshot, query)).toEqual(runPartsQuery(expected, query));
    }
  }, 30_000);

  it("reads a body split anywhere, Cyrillic letters across slabs included", async () => {
    const json = JSON.stringify(generateParts(200));
    const built = await buildCatalogueInWorker(slabs(json, 1001), 1, workerUrl);
    expect(built.snapshot.parts).toEqual(parseCatalogue(JSON.parse(json)).parts);
  });

  it("rejects malformed JSON and a body of the wrong shape with the reason", async () => {
    const malformed = buildCatalogueInWorker(slabs('[{"group": "A", "parts": ['), 1, workerUrl);
    await expect(malformed).rejects.toBeInstanceOf(CatalogueBuildError);
    await expect(malformed).rejects.toMatchObject({ name: "SyntaxError" });
    const wrongShape = buildCatalogueInWorker(slabs('{"parts": []}'), 1, workerUrl);
    await expect(wrongShape).rejects.toMatchObject({
      name: "CatalogueFormatError",
      message: expect.stringMatching(/expected a list of groups/),
    });
  });

  it("fails when the worker cannot start", async () => {
    await expect(
      buildCatalogueInWorker(slabs("[]"), 1, new URL("file:///nowhere/catalogue-worker.js")),
    ).rejects.toThrow(/Cannot find module|ERR_MODULE_NOT_FOUND/);
  });
});
