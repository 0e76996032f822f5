import { describe, expect, it } from "vitest";
import { partsPictureOrigin, pictureAddress, sitePath } from "./part-picture";

const PARTS = "https://1c.dealer.example/api/parts";
const siteFiles = new Set(["/images/parts/filter.webp", "/images/parts/фильтр.webp"]);
const isSiteFile = (file: string) => siteFiles.has(file);

describe("pictureAddress", () => {
  it("leaves a path that names a file of the site's public/ to the site", () => {
    expect(pictureAddress("/images/parts/filter.webp", PARTS, isSiteFile)).toBe("/images/parts/filter.webp");
    expect(pictureAddress("/images/parts/filter.webp?v=2", PARTS, isSiteFile)).toBe("/images/parts/filter.webp?v=2");
    expect(pictureAddress("/images/parts/%D1%84%D0%B8%D0%BB%D1%8C%D1%82%D1%80.webp", PARTS, isSiteFile)).toBe(
      "/images/parts/%D1%84%D0%B8%D0%BB%D1%8C%D1%82%D1%80.webp",
    );
  });

  it("resolves any other relative path against the parts list's address, as a browser reads a link in it", () => {
    expect(pictureAddress("/img/123.jpg", PARTS, isSiteFile)).toBe("https://1c.dealer.example/img/123.jpg");
    expect(pictureAddress("img/123.jpg", PARTS, isSiteFile)).toBe("https://1c.dealer.example/api/img/123.jpg");
    expect(pictureAddress("/images/parts/gone.webp", PARTS, isSiteFile)).toBe(
      "https://1c.dealer.example/images/parts/gone.webp",
    );
    expect(pictureAddress("/img/a b.jpg", "http://10.0.0.5:8080/parts", isSiteFile)).toBe(
      "http://10.0.0.5:8080/img/a%20b.jpg",
    );
  });

  it("leaves full addresses, '//host' ones and what is no http(s) address as they are", () => {
    for (const image of [
      "https://cdn.example/1.jpg",
      "http://plain.example/2.jpg",
      "//cdn.example/3.jpg",
      "ftp://x/4.jpg",
    ])
      expect(pictureAddress(image, PARTS, isSiteFile)).toBe(image);
  });
});

describe("sitePath and partsPictureOrigin", () => {
  it("read a site path decoded and without its query, and the parts API's origin", () => {
    expect(sitePath("/a/%D0%B1.webp?x#y")).toBe("/a/б.webp");
    expect(sitePath("/bad-%E0%A4%A.jpg")).toBeUndefined();
    expect(sitePath("//host/a.jpg")).toBeUndefined();
    expect(sitePath("a.jpg")).toBeUndefined();
    expect(partsPictureOrigin("https://1c.dealer.example:8443/api/")).toBe("https://1c.dealer.example:8443");
    expect(partsPictureOrigin(undefined)).toBeUndefined();
  });
});
