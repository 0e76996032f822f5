import { describe, expect, it } from "vitest";
import { escapeHtmlText, htmlSafeFields } from "./notify-text";

describe("notification text", () => {
  it("escapes <, > and & and keeps quotes and everything else", () => {
    expect(escapeHtmlText(`<b>Тест</b> "Иванов" & 'сын' <script>alert(1)</script>`)).toBe(
      `&lt;b&gt;Тест&lt;/b&gt; "Иванов" &amp; 'сын' &lt;script&gt;alert(1)&lt;/script&gt;`,
    );
    expect(escapeHtmlText("Иванов Иван, +7(912)345-67-89\nVIN LFW")).toBe("Иванов Иван, +7(912)345-67-89\nVIN LFW");
  });

  it("escapes an entity the customer typed as the text it is", () => {
    expect(escapeHtmlText("&lt;b&gt;")).toBe("&amp;lt;b&amp;gt;");
  });

  it("passes the site's markup as is and drops the mark", () => {
    const source = '<a href="https://faw.example/leasing?x=1">Источник</a>';
    expect(
      htmlSafeFields([
        { key: "name", value: "<b>Тест</b>" },
        { key: "source", value: source, markup: true },
      ]),
    ).toEqual([
      { key: "name", value: "&lt;b&gt;Тест&lt;/b&gt;" },
      { key: "source", value: source },
    ]);
  });
});
