/**
 * No test repeats a demo value of the content: the dealer replaces every one before going live,
 * and the suite must stay green then. Tests read the values through ~/content, or use fixture
 * values of their own. Values the schema lists (an availability), single words (a phone's label)
 * and texts the content also holds outside demo( ) (a desk's name) are the spec's, not the dealer's.
 */
import fs from "node:fs";
import path from "node:path";
import { demoFacts, type DemoFact } from "../../test/demo-facts";

/** The test sources: every *.test.ts(x) under app/, server/ and scripts/, everything under test/. */
function testFiles(): string[] {
  const under = (dir: string, keep: (file: string) => boolean) =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter(keep);
  return [
    ...under("app", (file) => /\.test\.tsx?$/.test(file)),
    ...under("server", (file) => /\.test\.ts$/.test(file)),
    ...under("scripts", (file) => /\.test\.ts$/.test(file)),
    // Less the DATA_DIRs the server wrote (test/fixtures/data-dir-*): records as a site kept them,
    // which the tests read back and compare with themselves, never with the content.
    ...under("test", (file) => /\.(ts|tsx|js|mjs|json)$/.test(file) && !/^test\/fixtures\/data-dir-/.test(file)),
  ];
}

function repeats(facts: DemoFact[], files: { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) =>
    facts.flatMap(({ key, forms }) =>
      forms.filter((form) => text.includes(form)).map((form) => `${file}: ${JSON.stringify(form)} (${key})`),
    ),
  );
}

describe("tests and the demo values", () => {
  it("finds the demo values a test could repeat: phones with their digits, e-mails, links, requisites, prices, pictures", () => {
    const facts = demoFacts(
      [
        { key: "desks.sales.phones.0", value: { label: "Продажи", display: "+7 (900) 765-43-21" } },
        { key: "legal.inn", value: "2400000000" },
        { key: "trucks.faw-j7-6x4-460", value: { price: 12_345_000, availability: "В пути", pictures: ["/p/a.webp"] } },
        { key: "salesPoints.0.coordinates", value: [55.1, 93.2] },
        { key: "leasing.annualRatePercent", value: 19 },
      ],
      { desks: { parts: { name: "Продажи" } } },
    );
    expect(facts).toEqual([
      { key: "desks.sales.phones.0.display", forms: ["+7 (900) 765-43-21", "9007654321"] },
      { key: "legal.inn", forms: ["2400000000"] },
      {
        key: "trucks.faw-j7-6x4-460.price",
        forms: ["12345000", "12_345_000", "12 345 000", "12\u00a0345\u00a0000"],
      },
      { key: "trucks.faw-j7-6x4-460.pictures.0", forms: ["/p/a.webp"] },
      { key: "salesPoints.0.coordinates.0", forms: ["55.1"] },
      { key: "salesPoints.0.coordinates.1", forms: ["93.2"] },
    ]);
    expect(repeats(facts, [{ file: "x.test.ts", text: 'expect(html).toContain("12 345 000 ₽")' }])).toEqual([
      'x.test.ts: "12 345 000" (trucks.faw-j7-6x4-460.price)',
    ]);
  });

  it("are repeated by no test file: tests read them from ~/content", () => {
    const files = testFiles().map((file) => ({ file, text: fs.readFileSync(file, "utf8") }));
    expect(files.length).toBeGreaterThan(50);
    expect(repeats(demoFacts(), files)).toEqual([]);
  });
});
