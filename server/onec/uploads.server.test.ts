import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { zipSync } from "fflate";
import { receiveFile, safeName, unpackAll } from "./uploads.server";

describe("safeName", () => {
  it.each([
    ["import.xml", "import.xml"],
    ["import_files/0a/0a1b.jpg", "import_files/0a/0a1b.jpg"],
    ["import_files\\0a\\0a1b.jpg", "import_files/0a/0a1b.jpg"],
    ["goods/1/import___c5e0.xml", "goods/1/import___c5e0.xml"],
  ])("takes %s", (raw, name) => {
    expect(safeName(raw)).toBe(name);
  });

  it.each([
    "",
    "..",
    "../import.xml",
    "a/../../b.xml",
    "/etc/passwd",
    "\\\\server\\share",
    "C:\\x.xml",
    "a//b",
    "./a",
    "a\u0000b",
    "a:b",
  ])("refuses %j", (raw) => {
    expect(safeName(raw)).toBeUndefined();
  });
});

describe("receiveFile and unpackAll", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "onec-up-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const folders = () => ({ upload: path.join(dir, "up"), files: path.join(dir, "files") });
  const body = (text: string) => Readable.from([Buffer.from(text)]);

  it("replaces a file at its first post and appends the later ones", async () => {
    await receiveFile(folders(), "import.xml", body("old exchange"), true);
    await receiveFile(folders(), "import.xml", body("<?xml "), true);
    await receiveFile(folders(), "import.xml", body("version"), false);
    expect(fs.readFileSync(path.join(dir, "up", "import.xml"), "utf8")).toBe("<?xml version");
  });

  it("unpacks archives, the pictures to their own folder, and removes them", async () => {
    const archive = zipSync({ "offers.xml": Buffer.from("<o/>"), "import_files/ab/c.png": Buffer.from([9, 8]) });
    await receiveFile(folders(), "goods.zip", Readable.from([Buffer.from(archive)]), true);
    expect((await unpackAll(folders())).sort()).toEqual(["import_files/ab/c.png", "offers.xml"]);
    expect(fs.readdirSync(path.join(dir, "up"))).toEqual(["offers.xml"]);
    expect([...fs.readFileSync(path.join(dir, "files", "import_files", "ab", "c.png"))]).toEqual([9, 8]);
  });
});
