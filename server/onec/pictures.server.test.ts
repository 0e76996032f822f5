import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pictureResponse, pictureUrl } from "./pictures.server";

describe("the pictures from 1C", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "onec-pic-"));
    fs.mkdirSync(path.join(dir, "import_files", "ab"), { recursive: true });
    fs.writeFileSync(path.join(dir, "import_files", "ab", "фото 1.jpg"), Buffer.from([0xff, 0xd8, 0xff]));
    fs.writeFileSync(path.join(dir, "import_files", "ab", "notes.xml"), "<x/>");
    fs.writeFileSync(path.join(dir, "secret.png"), "x");
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("serves a picture at the address its path makes", async () => {
    const url = pictureUrl("import_files/ab/фото 1.jpg");
    expect(url).toBe("/1c-files/import_files/ab/%D1%84%D0%BE%D1%82%D0%BE%201.jpg");
    const splat = decodeURIComponent(url.slice("/1c-files/".length));
    const response = (await pictureResponse(dir, splat))!;
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff]);
  });

  it.each([
    "import_files/ab/notes.xml",
    "secret.png",
    "import_files/../secret.png",
    "import_files/ab/none.jpg",
    undefined,
  ])("serves nothing else: %s", async (splat) => {
    expect(await pictureResponse(dir, splat)).toBeUndefined();
  });
});
