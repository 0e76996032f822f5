/**
 * 1C's pictures in the store, the same on SQLite and PostgreSQL: imported through the exchange's
 * server, served at /1c-files/… by another (a second handle on the same store), replaced when 1C
 * sends a changed file, removed by a full catalogue that no longer names them.
 */
import fs from "node:fs";
import path from "node:path";
import { loader } from "~/routes/1c-files.$";
import { freshStore, STORE_KINDS, type TestStore } from "../../test/stores";
import { pictureUrl, withPictures } from "../onec/pictures.server";
import type { CatalogueSink, OnecGood } from "../onec/ports.server";
import { openStoreDb, type StoreDb } from "./db.server";
import { createStoreCatalogue } from "./onec-catalogue.server";
import { createStorePictures, MAX_PICTURE_BYTES } from "./onec-pictures.server";

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 4, 5]);

const good = (id: string, pictures: string[], extra: Partial<OnecGood> = {}): OnecGood => ({
  id,
  article: `A-${id}`,
  name: `Фильтр ${id}`,
  fullName: `Фильтр ${id}`,
  group: "Фильтры",
  description: "",
  pictures,
  crossNumbers: [],
  deleted: false,
  ...extra,
});

async function load(sink: CatalogueSink, onlyChanges: boolean, exchange: string, goods: OnecGood[]) {
  const batch = await sink.beginCatalogue({ onlyChanges, exchange });
  await batch.add(goods);
  await batch.commit();
}

/** A GET of the picture's address on the server whose store is `store`, as the route answers it. */
async function get(store: StoreDb, picture: string, headers: Record<string, string> = {}): Promise<Response> {
  const url = `http://site.test${pictureUrl(picture)}`;
  const splat = decodeURIComponent(new URL(url).pathname.slice("/1c-files/".length));
  try {
    return await loader({
      request: new Request(url, { headers }),
      params: { "*": splat },
      context: { services: { store } } as never,
    });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe.each(STORE_KINDS)("1C's pictures in the store on %s", (kind) => {
  let t: TestStore;
  let other: StoreDb;
  let filesDir: string;
  let sink: CatalogueSink;
  const write = (picture: string, bytes: Buffer) => {
    const file = path.join(filesDir, ...picture.split("/"));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
  };
  beforeEach(async () => {
    t = await freshStore(kind);
    // Another server of the same store: its own connection, none of the exchange's files.
    other = openStoreDb(t.config);
    filesDir = path.join(t.config.dataDir, "1c", "files");
    sink = withPictures(createStoreCatalogue(t.store), createStorePictures(t.store), filesDir);
  });
  afterEach(async () => {
    await other.close();
    await t.drop();
  });

  it("serves a picture the exchange's server imported on another server, with its ETag", async () => {
    write("import_files/ab/фото 1.jpg", JPEG);
    write("import_files/cd/b2.png", PNG);
    write("import_files/cd/gone.png", PNG);
    await load(sink, false, "e1", [
      good("a1", ["import_files/ab/фото 1.jpg"]),
      good("b2", ["import_files/cd/b2.png"]),
      good("c3", ["import_files/cd/gone.png"], { deleted: true }),
    ]);
    // The exchange's folder is not there for the other server.
    fs.rmSync(filesDir, { recursive: true });

    const served = await get(other, "import_files/ab/фото 1.jpg");
    expect(served.status).toBe(200);
    expect(Object.fromEntries(served.headers)).toMatchObject({
      "content-type": "image/jpeg",
      "cache-control": "public, max-age=3600",
      "x-content-type-options": "nosniff",
    });
    expect(Buffer.from(await served.arrayBuffer())).toEqual(JPEG);
    const etag = served.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const png = await get(other, "import_files/cd/b2.png");
    expect([png.headers.get("content-type"), png.headers.get("etag") === etag]).toEqual(["image/png", false]);

    const again = await get(other, "import_files/ab/фото 1.jpg", { "If-None-Match": `W/"other", ${etag}` });
    expect([again.status, again.headers.get("etag"), await again.text()]).toEqual([304, etag, ""]);
    expect((await get(other, "import_files/ab/фото 1.jpg", { "If-None-Match": '"other"' })).status).toBe(200);

    // A deleted good's picture is not put; a name no good gave is not there.
    expect((await get(other, "import_files/cd/gone.png")).status).toBe(404);
    expect((await get(other, "import_files/ab/none.jpg")).status).toBe(404);
  });

  it("replaces a changed picture, keeps one 1C did not send again, and a full catalogue removes the rest", async () => {
    write("import_files/ab/a1.jpg", JPEG);
    write("import_files/ab/b2.jpg", JPEG);
    await load(sink, false, "e1", [good("a1", ["import_files/ab/a1.jpg"]), good("b2", ["import_files/ab/b2.jpg"])]);
    const before = (await get(other, "import_files/ab/a1.jpg")).headers.get("etag")!;

    // A changes-only exchange with a new a1 picture: the old ETag no longer confirms the browser's copy.
    const changed = Buffer.concat([JPEG, Buffer.from([9, 9])]);
    write("import_files/ab/a1.jpg", changed);
    await load(sink, true, "e2", [good("a1", ["import_files/ab/a1.jpg"])]);
    const after = await get(other, "import_files/ab/a1.jpg", { "If-None-Match": before });
    expect(after.status).toBe(200);
    expect(Buffer.from(await after.arrayBuffer())).toEqual(changed);
    expect(after.headers.get("etag")).not.toBe(before);

    // A full exchange without pictures (1C's 'Выгружать изображения' off) that no longer lists b2:
    // a1's picture stays as stored, b2's leaves with it.
    fs.rmSync(filesDir, { recursive: true });
    await load(sink, false, "e3", [good("a1", ["import_files/ab/a1.jpg"])]);
    expect(Buffer.from(await (await get(other, "import_files/ab/a1.jpg")).arrayBuffer())).toEqual(changed);
    expect((await get(other, "import_files/ab/b2.jpg")).status).toBe(404);
  });

  it("leaves out a picture over the size limit, and a file that is not a picture", async () => {
    write("import_files/big.jpg", Buffer.alloc(0));
    fs.truncateSync(path.join(filesDir, "import_files", "big.jpg"), MAX_PICTURE_BYTES + 1);
    write("import_files/notes.xml", Buffer.from("<x/>"));
    write("import_files/ok.webp", JPEG);
    await load(sink, false, "e1", [
      good("a1", ["import_files/big.jpg", "import_files/notes.xml", "import_files/ok.webp"]),
    ]);
    expect((await get(other, "import_files/big.jpg")).status).toBe(404);
    expect((await get(other, "import_files/notes.xml")).status).toBe(404);
    expect((await get(other, "import_files/ok.webp")).status).toBe(200);
  });
});
