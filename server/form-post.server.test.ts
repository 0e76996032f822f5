import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD, RATE_LIMITED_MESSAGE } from "~/lib/lead-forms";
import { fail, onlyFields, overLimit, postCount, readSmallForm, textValues } from "./form-post.server";
import { createVisitorLimit } from "./rate-limit.server";

function form(entries: [string, string | File][]): FormData {
  const out = new FormData();
  for (const [key, value] of entries) out.append(key, value);
  return out;
}

describe("onlyFields", () => {
  it("keeps the named text fields, the first value of each", () => {
    const body = form([
      ["name", "Иван"],
      ["name", "Пётр"],
      ["name[]", "x"],
      ["phone", "+7"],
      ["a.b", "y"],
      ["comment", new File(["x"], "c.txt")],
    ]);
    expect([...onlyFields(body, ["name", "phone", "comment", "inn"])]).toEqual([
      ["name", "Иван"],
      ["phone", "+7"],
    ]);
  });
});

describe("textValues", () => {
  it("gives back what was typed and the ticked consent box, without the honeypot or files, each cut to 2000 characters", () => {
    const body = form([
      ["name", "Иван"],
      ["consent", "on"],
      [HONEYPOT_FIELD, "bot"],
      ["comment", "я".repeat(3000)],
      ["files", new File(["x"], "a.txt")],
    ]);
    expect(textValues(body)).toEqual({ name: "Иван", consent: "on", comment: "я".repeat(2000) });
    // Anything but a ticked box is no consent.
    expect(textValues(form([["consent", "yes please"]]))).toEqual({});
  });
});

describe("readSmallForm", () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    new Request("http://localhost/lead/callback", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    });

  it("reads a plain form body", async () => {
    expect((await readSmallForm(post("name=%D0%98&phone=1")))?.get("name")).toBe("И");
  });

  it("refuses a body announced as larger than any real form", async () => {
    await expect(readSmallForm(post("name=a", { "Content-Length": String(64 * 1024 + 1) }))).resolves.toBeNull();
  });

  it("refuses a body sent in chunks without a length once it is larger than any real form, reading no further", async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(`name=${"a".repeat(16 * 1024)}`);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(chunk);
      },
    });
    const request = new Request("http://localhost/lead/callback", {
      method: "POST",
      body: endless,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    await expect(readSmallForm(request)).resolves.toBeNull();
    expect(pulled).toBeLessThan(10);
  });

  it("reads a small body sent in chunks, and a multipart one", async () => {
    const parts = ["name=%D0%98", "&phone=1"].map((p) => new TextEncoder().encode(p));
    const chunked = new Request("http://localhost/lead/callback", {
      method: "POST",
      body: new ReadableStream({
        pull(controller) {
          const next = parts.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    const read = await readSmallForm(chunked);
    expect([read?.get("name"), read?.get("phone")]).toEqual(["И", "1"]);
    const multipart = await readSmallForm(
      new Request("http://localhost/lead/callback", { method: "POST", body: form([["name", "Иван"]]) }),
    );
    expect(multipart?.get("name")).toBe("Иван");
  });

  it("reads garbage as an empty form", async () => {
    const body = await readSmallForm(
      new Request("http://localhost/", {
        method: "POST",
        body: "--x\r\n",
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
      }),
    );
    expect([...(body ?? [])]).toEqual([]);
  });
});

describe("overLimit and fail", () => {
  it("lets a visitor under the limit through, and answers one over it 429 with the spec's message", async () => {
    const context = {
      clientIp: "203.0.113.7",
      services: { leadLimit: createVisitorLimit({ limit: 1, windowMs: 60_000 }) },
    } as unknown as AppLoadContext;
    expect(await overLimit(postCount(context))).toBeNull();
    const refused = await overLimit(postCount(context));
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get("Retry-After")).toBe("600");
    await expect(refused?.json()).resolves.toEqual({ formError: RATE_LIMITED_MESSAGE });
  });

  it("fail answers JSON with the message and the values", async () => {
    const res = fail("Ошибка", 502, { name: "Иван" });
    expect(res.status).toBe(502);
    await expect(res.json()).resolves.toEqual({ formError: "Ошибка", values: { name: "Иван" } });
  });
});

describe("the answer that gives back what was typed", () => {
  it("carries the visitor's markup as JSON escapes: the same values once parsed, never the raw tags", async () => {
    const typed = { name: "<script>alert(1)</script> & <b>Иван</b>", comment: 'кавычки "как есть"' };
    const answer = fail("Ошибка", 413, typed);
    const text = await answer.clone().text();
    expect(text).not.toMatch(/[<>&]/);
    expect(answer.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ formError: "Ошибка", values: typed });
  });
});
