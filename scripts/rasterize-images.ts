/**
 * Renders the demo's vector pictures to WebP, and the favicon to PNG:
 *
 *   npx tsx scripts/rasterize-images.ts
 *
 * writes, next to each SVG source: public/images/parts/*.webp, public/images/placeholder.webp,
 * public/images/categories/*.webp, public/images/trucks/{slug}/main.webp and the gallery slides
 * ({n}.webp), public/favicon-32.png and public/apple-touch-icon.png, and the hero poster as WebP
 * at 640, 960 and 1280 px (public/video/hero-poster-{width}.webp, from the JPEG poster that
 * scripts/make-hero-video.sh writes; a fifth of the JPEG's bytes). Run it after editing a source,
 * after scripts/draw-trucks.ts or after make-hero-video.sh.
 *
 * The site shows these pictures as <img> and as a CSS background. A browser gives every SVG it
 * loads as an image a document of its own, parsed and laid out on the main thread (≈ 5–30 ms
 * each on a phone-class CPU, during the first seconds when a visitor starts tapping; a truck
 * list shows a dozen), while a raster picture is decoded off the main thread. Real photos from
 * the parts service or of the dealer's stock are raster anyway, so the demo behaves like
 * production. The favicon is the same case: Chromium decodes an SVG favicon in the page's
 * renderer, another 10–20 ms task during the page's first second. The truck dimension schemes
 * stay SVG: line drawings with measurements that should stay sharp when zoomed.
 *
 * Drawn with Debian's Chromium (CHROMIUM_PATH, /usr/bin/chromium by default), so no
 * image library is needed: each SVG is painted on a canvas and encoded by the browser.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/chromium";

/**
 * Part pictures: 480 px, four times the list's 120 px frame and close to a phone's gallery frame
 * (≈ 380 px at 1.5–2×), at 2–8 KB a picture (≈ 40 % less than at 640 px): on a slow mobile line a
 * list page's pictures share the bandwidth with the page itself. Truck pictures and category
 * tiles carry more detail and fill the truck page's 640 px gallery: 640 px, 6–11 KB.
 */
const PART_WIDTH = 480;
const TRUCK_WIDTH = 640;
const QUALITY = 0.75;
/** The hero poster's widths: a phone (≈ 400 px at 1.5–2×) takes 960, a desktop 1280. */
const HERO_WIDTHS = [640, 960, 1280];

interface Job {
  from: string;
  to: string;
  width: number;
  type: "image/webp" | "image/png";
}

const pub = path.resolve("public");
const picture = (from: string, width: number): Job => ({
  from,
  to: from.replace(/\.svg$/, ".webp"),
  width,
  type: "image/webp",
});
const svgsIn = (dir: string, name: RegExp = /\.svg$/) =>
  readdirSync(path.join(pub, dir))
    .filter((f) => name.test(f))
    .map((f) => path.join(pub, dir, f));
const truckDirs = readdirSync(path.join(pub, "images/trucks")).map((d) => path.join("images/trucks", d));
const jobs: Job[] = [
  ...svgsIn("images/parts").map((f) => picture(f, PART_WIDTH)),
  picture(path.join(pub, "images/placeholder.svg"), PART_WIDTH),
  ...svgsIn("images/categories").map((f) => picture(f, TRUCK_WIDTH)),
  // The main picture and the gallery slides; not the dimension schemes (side, front, back).
  ...truckDirs.flatMap((d) => svgsIn(d, /^(main|\d+)\.svg$/)).map((f) => picture(f, TRUCK_WIDTH)),
  { from: path.join(pub, "favicon.svg"), to: path.join(pub, "favicon-32.png"), width: 32, type: "image/png" },
  { from: path.join(pub, "favicon.svg"), to: path.join(pub, "apple-touch-icon.png"), width: 180, type: "image/png" },
  ...HERO_WIDTHS.map((width): Job => ({
    from: path.join(pub, "video/hero-poster.jpg"),
    to: path.join(pub, `video/hero-poster-${width}.webp`),
    width,
    type: "image/webp",
  })),
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  for (const job of jobs) {
    const source = job.from.endsWith(".svg")
      ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(readFileSync(job.from, "utf8"))}`
      : `data:image/jpeg;base64,${readFileSync(job.from).toString("base64")}`;
    const dataUrl: string = await page.evaluate(
      async ({ source, width, type, quality }) => {
        const img = new Image();
        img.src = source;
        await img.decode();
        const canvas = document.createElement("canvas");
        canvas.width = width;
        canvas.height = Math.round((width * img.naturalHeight) / img.naturalWidth);
        canvas.getContext("2d")!.drawImage(img, 0, 0, canvas.width, canvas.height);
        return canvas.toDataURL(type, quality);
      },
      { source, width: job.width, type: job.type, quality: QUALITY },
    );
    if (!dataUrl.startsWith(`data:${job.type};base64,`))
      throw new Error(`${job.from}: this Chromium cannot encode ${job.type}`);
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
    writeFileSync(job.to, bytes);
    console.log(`${path.relative(process.cwd(), job.to)}  ${(bytes.length / 1024).toFixed(1)} KB`);
  }
} finally {
  await browser.close();
}
