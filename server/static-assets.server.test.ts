import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawGet as get } from "../test/server-process";
import { fingerprintedAssets } from "./static-assets.server";

describe("fingerprinted assets from memory", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assets-"));
  const script = Buffer.from(
    `export const parts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Фильтр масляный ${i}`))};\n`,
  );
  const small = Buffer.from("export const a = 1;\n");
  let base = "";
  let server: http.Server;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, "_shared"));
    fs.writeFileSync(path.join(dir, "_shared", "chunk-AB12.js"), script);
    fs.writeFileSync(path.join(dir, "_shared", "chunk-AB12.js.br"), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dir, "_shared", "chunk-AB12.js.gz"), zlib.gzipSync(script));
    fs.writeFileSync(path.join(dir, "small-CD34.js"), small);
    fs.writeFileSync(path.join(dir, "..", `${path.basename(dir)}-secret.txt`), "not an asset");

    const app = express();
    app.use("/build", fingerprintedAssets(dir, { maxAgeSeconds: 31_536_000 }));
    app.use((_req, res) => res.status(404).send("next"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/build`;
  });

  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(path.join(dir, "..", `${path.basename(dir)}-secret.txt`), { force: true });
  });

  it("sends the brotli copy, else the gzip copy, else the file, each decoding to the same bytes", async () => {
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["br;q=0, gzip", "gzip"],
      ["gzip", "gzip"],
      ["identity", undefined],
      ["", undefined],
    ] as const) {
      const res = await get(`${base}/_shared/chunk-AB12.js`, { "Accept-Encoding": accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(res.headers["content-type"]).toBe("application/javascript; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.vary).toBe("Accept-Encoding");
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      const decoded =
        encoding === "br"
          ? zlib.brotliDecompressSync(res.body)
          : encoding === "gzip"
            ? zlib.gunzipSync(res.body)
            : res.body;
      expect(decoded.equals(script), accept).toBe(true);
    }
  });

  it("sends a file without compressed copies as it is, without Vary", async () => {
    const res = await get(`${base}/small-CD34.js`, { "Accept-Encoding": "gzip, br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body.equals(small)).toBe(true);
  });

  it("answers 304 to the ETag of the same encoding, and tells the encodings apart", async () => {
    const br = await get(`${base}/_shared/chunk-AB12.js`, { "Accept-Encoding": "br" });
    const gzip = await get(`${base}/_shared/chunk-AB12.js`, { "Accept-Encoding": "gzip" });
    expect(br.headers.etag).toMatch(/^".+"$/);
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
    const again = await get(`${base}/_shared/chunk-AB12.js`, {
      "Accept-Encoding": "br",
      "If-None-Match": br.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await get(`${base}/_shared/chunk-AB12.js`, {
      "Accept-Encoding": "gzip",
      "If-None-Match": br.headers.etag!,
    });
    expect(other.status).toBe(200);
  });

  it("answers HEAD with the headers only", async () => {
    const res = await get(`${base}/_shared/chunk-AB12.js`, { "Accept-Encoding": "br" }, "HEAD");
    expect(res.status).toBe(200);
    expect(Number(res.headers["content-length"])).toBeGreaterThan(0);
    expect(res.body.length).toBe(0);
  });

  it("passes on anything the build did not write, other methods and paths leaving the folder", async () => {
    expect((await get(`${base}/_shared/chunk-ZZ99.js`)).body.toString()).toBe("next");
    expect((await get(`${base}/_shared/chunk-AB12.js.br`)).body.toString()).toBe("next");
    expect((await get(`${base}/..%2F${path.basename(dir)}-secret.txt`)).body.toString()).toBe("next");
    expect((await get(`${base}/_shared/chunk-AB12.js`, {}, "POST")).body.toString()).toBe("next");
  });

  it("keeps serving what it read at start-up", async () => {
    fs.rmSync(path.join(dir, "small-CD34.js"));
    const res = await get(`${base}/small-CD34.js`);
    expect(res.status).toBe(200);
    expect(res.body.equals(small)).toBe(true);
  });
});
