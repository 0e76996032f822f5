/**
 * First-view CSS per page: `npm run bench:css` (`npx tsx scripts/bench-css.ts [--server build/index.js[,other]]`;
 * run `npm run build` first). For each build (several: side by side, one after the other in one run)
 * it starts the server on the embedded defaults and, for each page Lighthouse measures plus the
 * checkout pages, reads the stylesheets the document links and prints their count, raw bytes and
 * brotli bytes (the copies the build precompresses, as the browser receives them).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { parseArgs } from "node:util";
import { builtServerEnv, firstLink, freePort, waitForHealthz } from "../test/server-process";

const { values: args } = parseArgs({ options: { server: { type: "string", default: "build/index.js" } } });
const SERVERS = args.server.split(",").filter(Boolean);

interface Figures {
  files: number;
  raw: number;
  brotli: number;
}

async function measure(server: string): Promise<Map<string, Figures>> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, [server], {
    env: builtServerEnv(port, fs.mkdtempSync(path.join(os.tmpdir(), "bench-css-"))),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (c) => (output = (output + c).slice(-10_000)));
  child.stderr!.on("data", (c) => (output = (output + c).slice(-10_000)));
  try {
    await waitForHealthz(base, child, () => output);
    const truck = await firstLink(base, "/catalog/trucks", /^\/catalog\/trucks\/[^/]+\/[^/]+$/);
    const part = await firstLink(base, "/catalog/parts", /^\/catalog\/parts\/[^/]+$/);
    const pages = [
      "/",
      "/catalog/trucks",
      truck,
      "/catalog/parts",
      "/catalog/parts?search=фильтр",
      part,
      "/cart",
      "/leasing",
      "/contacts",
      "/delivery",
    ];
    const result = new Map<string, Figures>();
    for (const page of pages) {
      const html = await (await fetch(base + page)).text();
      const hrefs = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
      const figures: Figures = { files: hrefs.length, raw: 0, brotli: 0 };
      for (const href of hrefs) {
        const body = Buffer.from(await (await fetch(base + href)).arrayBuffer());
        figures.raw += body.length;
        figures.brotli += zlib.brotliCompressSync(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }).length;
      }
      result.set(
        page.startsWith("/catalog/trucks/")
          ? "a truck page"
          : page.startsWith("/catalog/parts/")
            ? "a part page"
            : page,
        figures,
      );
    }
    return result;
  } finally {
    child.kill("SIGTERM");
    await once(child, "exit");
  }
}

const results = [];
for (const server of SERVERS) results.push({ server, figures: await measure(server) });
console.log(`First-view CSS per page: stylesheets, raw KB, brotli KB (${SERVERS.join(" | ")})\n`);
for (const page of results[0].figures.keys()) {
  const cells = results.map(({ figures }) => {
    const f = figures.get(page)!;
    return `${f.files} files, ${(f.raw / 1024).toFixed(1)} KB, ${(f.brotli / 1024).toFixed(1)} KB br`;
  });
  console.log(`${page.padEnd(30)} ${cells.join("  |  ")}`);
}
