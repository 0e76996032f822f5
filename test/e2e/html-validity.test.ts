/**
 * Every page's HTML as the server sends it (what a visitor without JavaScript and every crawler
 * gets), modals included, checked by the Nu Html Checker (vnu.jar from the vnu-jar package, the
 * W3C validator's engine): all pages in one run, one JVM start.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateParts } from "~server/demo-catalogue.server";
import { firstLink } from "../server-process";
import { startServer, type RunningServer } from "./harness";

const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
const inStock = generateParts(360)
  .flatMap((g) => g.parts)
  .find((p) => p.balance > 0)!;
const CART = { Cookie: `cart=${inStock.id}.2` };

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

interface Message {
  type: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** vnu's errors for the files, as `file:line message (extract)`. */
function vnu(files: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(
      "java",
      ["-jar", VNU_JAR, "--errors-only", "--no-langdetect", "--format", "json", ...files],
      { maxBuffer: 32 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        // Exit status 1 means "errors found"; anything that is not vnu's JSON is a failure to run it.
        let report: { messages: Message[] };
        try {
          report = JSON.parse(stderr);
        } catch {
          reject(new Error(`vnu did not run (${error?.message ?? "no output"}): ${stderr.slice(0, 500)}`));
          return;
        }
        resolve(
          report.messages
            .filter((m) => m.type === "error" || m.type === "non-document-error")
            .map((m) => `${path.basename(m.url)}:${m.lastLine ?? "?"} ${m.message} (${m.extract?.trim() ?? ""})`),
        );
      },
    );
  });
}

/** The page after an order, as its visitor sees it (the signed cookie names the order). */
async function orderSuccessCookie(): Promise<string> {
  const res = await fetch(`${server.url}/make-order`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...CART },
    body: new URLSearchParams({
      name: "Иванов Иван",
      phone: "+7 (912) 345-67-89",
      email: "ivanov@example.ru",
      city: "Красноярск",
      // For a company: the page offers the invoice too.
      inn: "2465123457",
      companyName: "ООО «Сибирь»",
      invoice: "on",
      consent: "on",
    }),
  });
  expect(res.status).toBe(303);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("the Nu Html Checker", () => {
  it("finds no error in any page's server-rendered HTML, modal URLs and refused forms included", async () => {
    const truck = await firstLink(server.url, "/catalog/trucks", /^\/catalog\/trucks\/[^/]+\/[^/]+$/);
    const pages: [string, RequestInit?][] = [
      ["/"],
      ["/?modal=callback"],
      ["/catalog"],
      ["/catalog/trucks"],
      ["/catalog/trucks?type=tyagach"],
      [truck],
      [`${truck}?modal=price`],
      [`${truck}?modal=leasing`],
      ["/catalog/parts"],
      ["/catalog/parts?search=фильтр"],
      ["/catalog/parts?search=фыльтр&page=2"],
      ["/catalog/parts?search=zzzzqqq"],
      ["/catalog/parts?modal=parts-list"],
      [`/catalog/parts/${inStock.slug}`],
      [`/catalog/parts/${inStock.slug}?modal=callback`],
      ["/cart"],
      ["/cart", { headers: CART }],
      ["/make-order", { headers: CART }],
      ["/delivery"],
      ["/leasing"],
      ["/leasing?modal=leasing"],
      ["/contacts"],
      ["/privacy"],
      ["/service"],
      ["/form-success?fromUrl=/delivery"],
      ["/order-success", { headers: { Cookie: await orderSuccessCookie() } }],
      ["/order-status?number=1234-5678"],
      // A look-up of an order that is not there, without JavaScript.
      [
        "/order-status",
        {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "number=1234-5678&phone=%2B7+%28913%29+000-00-00",
        },
      ],
      ["/not-found"],
      ["/lead/callback"],
      ["/lead/price"],
      ["/lead/leasing"],
      ["/lead/buy"],
      ["/lead/parts-list"],
      // A form refused without JavaScript: the page again, with the errors beside the fields.
      [
        "/lead/callback",
        {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "name=&phone=123&page=%2Fdelivery",
        },
      ],
    ];

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vnu-"));
    const files: string[] = [];
    const names: Record<string, string> = {};
    for (const [i, [pagePath, init]] of pages.entries()) {
      const res = await fetch(server.url + pagePath, { redirect: "manual", ...init });
      const html = await res.text();
      expect(res.headers.get("content-type"), pagePath).toMatch(/^text\/html/);
      expect(html.startsWith("<!DOCTYPE html>"), `${pagePath} answered ${res.status}`).toBe(true);
      const file = path.join(dir, `page-${String(i).padStart(2, "0")}.html`);
      fs.writeFileSync(file, html);
      files.push(file);
      names[path.basename(file)] = `${init?.method ?? "GET"} ${pagePath}`;
    }

    const errors = await vnu(files);
    expect(errors.map((e) => e.replace(/^page-\d+\.html/, (name) => names[name]))).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
