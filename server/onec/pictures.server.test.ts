import { pictureKey, pictureResponse, pictureUrl, type PictureShelf, type ShelvedPicture } from "./pictures.server";

/** A shelf holding whatever is put in it, under any key: the response alone decides what is served. */
function shelfOf(pictures: Record<string, ShelvedPicture>): PictureShelf {
  return {
    etagOf: (key) => Promise.resolve(pictures[key]?.etag),
    get: (key) => Promise.resolve(pictures[key]),
  };
}

const jpeg = { contentType: "image/jpeg", etag: '"j1"', data: new Uint8Array([0xff, 0xd8, 0xff]) };

describe("the pictures from 1C", () => {
  const shelf = shelfOf({
    "import_files/ab/фото 1.jpg": jpeg,
    "import_files/ab/notes.xml": { ...jpeg, contentType: "text/xml" },
    "secret.png": { ...jpeg, contentType: "image/png" },
  });

  it("serves a picture at the address its path makes", async () => {
    const url = pictureUrl("import_files/ab/фото 1.jpg");
    expect(url).toBe("/1c-files/import_files/ab/%D1%84%D0%BE%D1%82%D0%BE%201.jpg");
    const splat = decodeURIComponent(url.slice("/1c-files/".length));
    const response = (await pictureResponse(shelf, splat))!;
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("ETag")).toBe('"j1"');
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff]);
  });

  it.each([
    ['"j1"', 304],
    ['W/"j1"', 304],
    ['"x", "j1"', 304],
    ["*", 304],
    ['"x"', 200],
  ])("answers If-None-Match %s with %i", async (header, status) => {
    const response = (await pictureResponse(shelf, "import_files/ab/фото 1.jpg", header))!;
    expect(response.status).toBe(status);
  });

  it.each([
    "import_files/ab/notes.xml",
    "secret.png",
    "import_files/../secret.png",
    "import_files/ab/none.jpg",
    undefined,
  ])("serves nothing else: %s", async (splat) => {
    expect(await pictureResponse(shelf, splat)).toBeUndefined();
    expect(await pictureResponse(shelf, splat, '"j1"')).toBeUndefined();
  });

  it("keys a picture by its path with `/` between folders, and only pictures under import_files/", () => {
    expect(pictureKey("import_files\\ab\\x.PNG")).toEqual({ key: "import_files/ab/x.PNG", type: "image/png" });
    expect(pictureKey("import_files/../../x.jpg")).toBeUndefined();
    expect(pictureKey("/import_files/x.jpg")).toBeUndefined();
    expect(pictureKey("import_files/x.svg")).toBeUndefined();
  });
});
