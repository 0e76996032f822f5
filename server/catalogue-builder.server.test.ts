import { catalogueWorkerUrl } from "../test/catalogue-worker";
import { parsePartsQuery } from "~/lib/catalogue-query";
import { runPartsQuery } from "~/lib/catalogue-search";
import { createCatalogueSnapshot } from "~/lib/catalogue-snapshot";
import { parseCatalogue } from "~/lib/part";
import { buildCatalogueInWorker, CatalogueBuildError } from "./catalogue-builder.server";
import { generateParts } from "./demo-catalogue.server";

let workerUrl: URL;
beforeAll(async () => {
  workerUrl = await catalogueWorkerUrl();
});

/** `json` as the gateway hands it over: its UTF-8 bytes in a buffer of their own. */
function body(json: string): ArrayBuffer {
  return new TextEncoder().encode(json).buffer as ArrayBuffer;
}

describe("buildCatalogueInWorker", () => {
  it("builds the same snapshot as the server would, index and orders included", async () => {
    const groups = generateParts(5_000, 7);
    // A few parts with other numbers, one given as the separated string some APIs send.
    const crossed = groups.flatMap((g) => g.parts).filter((_, i) => i % 97 === 3);
    crossed.forEach((part, i) => (part.crossNumbers = [`JX${1000 + i}`, `W ${900 + i}/26`]));
    (crossed[1] as { crossNumbers: unknown }).crossNumbers = "LF16015; 1012010-29D-A";
    // Parts the reading drops: reported back with their ids.
    groups[0].parts.push({ id: "bad-1", name: "без цены" } as never, { ...groups[1].parts[0] });
    const json = JSON.stringify(groups);
    const expected = createCatalogueSnapshot(parseCatalogue(JSON.parse(json)), 3);

    const built = await buildCatalogueInWorker(body(json), 3, workerUrl);
    const { snapshot } = built;
    expect(built.droppedCount).toBe(2);
    expect(built.dropped).toEqual(["bad-1", groups[1].parts[0].id]);
    expect(snapshot.version).toBe(3);
    expect(snapshot.parts).toEqual(expected.parts);
    expect(snapshot.parts.filter((p) => p.crossNumbers).length).toBe(crossed.length);
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
      "search=jx 1000",
      "search=1012010 29d a",
    ]) {
      const query = parsePartsQuery(new URLSearchParams(url));
      expect(runPartsQuery(snapshot, query)).toEqual(runPartsQuery(expected, query));
    }
    const byNumber = runPartsQuery(snapshot, parsePartsQuery(new URLSearchParams("search=1012010 29d a")));
    expect(byNumber.items[0]?.slug).toBe(crossed[1].slug);
  }, 30_000);

  it("reads a body group by group, or whole where it cannot split it, alike", async () => {
    const groups = generateParts(200);
    const expected = parseCatalogue(groups).parts;
    // Indented, with a byte-order mark (read whole), and with strings holding brackets and quotes.
    for (const json of [JSON.stringify(groups, null, 2), `\ufeff${JSON.stringify(groups)}`]) {
      const built = await buildCatalogueInWorker(body(json), 1, workerUrl);
      expect(built.snapshot.parts).toEqual(expected);
    }
    const tricky = [{ group: 'A "[{', parts: [{ ...groups[0].parts[0], name: 'Кольцо ]}, "\\' }] }];
    const built = await buildCatalogueInWorker(body(JSON.stringify(tricky)), 1, workerUrl);
    expect(built.snapshot.parts).toEqual(parseCatalogue(tricky).parts);
  });

  it("rejects malformed JSON and a body of the wrong shape with the reason JSON.parse and the reading give", async () => {
    const reason = (json: string) => {
      try {
        parseCatalogue(JSON.parse(json));
      } catch (error) {
        return { name: (error as Error).name, message: (error as Error).message };
      }
      throw new Error(`${json} is read`);
    };
    for (const json of [
      '[{"group": "A", "parts": [',
      '[{"group": "A", "parts": []}, {"group": "B", "parts": [}]',
      // A group of the wrong shape before a syntax error: the syntax error, as from the whole body.
      '[{"group": 1, "parts": []}, {"group": "B", "parts": [}]',
      '[{"group": "A", "parts": []}, {"group": "", "parts": []}]',
      '[{"group": "A", "parts": []}, 7]',
      '{"parts": []}',
    ]) {
      const built = buildCatalogueInWorker(body(json), 1, workerUrl);
      await expect(built).rejects.toBeInstanceOf(CatalogueBuildError);
      await expect(built).rejects.toMatchObject(reason(json));
    }
    await expect(buildCatalogueInWorker(body('{"parts": []}'), 1, workerUrl)).rejects.toMatchObject({
      name: "CatalogueFormatError",
      message: expect.stringMatching(/expected a list of groups/),
    });
  });

  it("fails when the worker cannot start", async () => {
    await expect(buildCatalogueInWorker(body("[]"), 1, new URL("file:///nowhere/catalogue-worker.js"))).rejects.toThrow(
      /Cannot find module|ERR_MODULE_NOT_FOUND/,
    );
  });
});
