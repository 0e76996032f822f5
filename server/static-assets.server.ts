import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

const ENCODINGS = [
  { name: "br", ext: ".br" },
  { name: "gzip", ext: ".gz" },
] as const;

/**
 * Serves the fingerprinted assets under `dir` from the brotli or gzip copies written at build
 * time (scripts/precompress.mjs), when the browser accepts them; anything else falls through to
 * express.static (and on-the-fly compression). The list of copies is read once at start-up, so a
 * request never touches the disk to find out, and only names the build produced can be served.
 */
export function precompressedAssets(dir: string, { maxAgeSeconds }: { maxAgeSeconds: number }): RequestHandler {
  const available = new Set<string>();
  const walk = (sub: string) => {
    for (const entry of fs.existsSync(path.join(dir, sub)) ? fs.readdirSync(path.join(dir, sub), { withFileTypes: true }) : []) {
      const rel = `${sub}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith(".br") || entry.name.endsWith(".gz")) available.add(rel);
    }
  };
  walk("");

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const encoding = ENCODINGS.find(({ name, ext }) => available.has(req.path + ext) && req.acceptsEncodings(name) === name);
    if (!encoding) return next();
    res.vary("Accept-Encoding");
    res.type(path.extname(req.path));
    res.setHeader("Content-Encoding", encoding.name);
    res.setHeader("Cache-Control", `public, max-age=${maxAgeSeconds}, immutable`);
    res.sendFile(req.path.slice(1) + encoding.ext, { root: dir, cacheControl: false, dotfiles: "deny" }, (error) => {
      if (error && !res.headersSent) next();
    });
  };
}
