import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { prepareSplicedGzip, splicedGzip } from "./spliced-gzip.server";

const SLOT = "\u0000nonce\u0000";

describe("spliced gzip", () => {
  it("decodes to the template with every slot filled, wherever the slots are", () => {
    const cyrillic = "Фильтр масляный FAW J6 — цена с учетом НДС, В наличии: 12 ед. ".repeat(2000);
    const templates = [
      `<script nonce="${SLOT}">a</script>${cyrillic}<script nonce="${SLOT}">b</script>`,
      `${SLOT}${cyrillic}${SLOT}`,
      `${SLOT}${SLOT}${SLOT}`,
      "no slot at all",
      "",
      cyrillic + SLOT,
    ];
    for (const template of templates) {
      const prepared = prepareSplicedGzip(template, SLOT);
      for (let i = 0; i < 3; i++) {
        const nonce = crypto.randomBytes(16).toString("base64");
        const body = splicedGzip(prepared, nonce);
        expect(zlib.gunzipSync(body).toString("utf8")).toBe(template.split(SLOT).join(nonce));
      }
    }
  });

  it("compresses about as well as compressing the filled page", () => {
    const page = `<html>${"<li>Колодка тормозная передняя FAW J7</li>".repeat(3000)}<script nonce="${SLOT}"></script></html>`;
    const spliced = splicedGzip(prepareSplicedGzip(page, SLOT), "abc").length;
    const whole = zlib.gzipSync(page.split(SLOT).join("abc")).length;
    expect(spliced).toBeLessThan(whole * 1.1);
  });

  it("refuses a value too long for one stored block", () => {
    expect(() => splicedGzip(prepareSplicedGzip(`a${SLOT}b`, SLOT), "x".repeat(70_000))).toThrow(RangeError);
  });
});
