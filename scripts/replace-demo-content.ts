/**
 * `npx tsx scripts/replace-demo-content.ts <dir>`: in a copy of the project at <dir>, does what
 * the dealer does before going live — every value wrapped in demo( ) in app/content/dealer.ts is
 * replaced by another valid one (scripts/demo-replacement.ts: by its type and shape, whatever its
 * key) and the demo( ) around it removed; files the new values name are copied under
 * <dir>/public/dealer/. The file is then formatted and checked like the build checks it. With
 * `--figures`, the dealer's own figures change too (editDealerFigures). Run the suite in <dir>
 * afterwards: a test that repeated a demo value or a figure of the content fails there.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import prettier from "prettier";
import ts from "typescript";
import type { ZodTypeAny } from "zod";
import { schemaAt } from "../app/content/schema-path";
import { replaceValue, withEnding } from "./demo-replacement";

const CONTENT_FILE = "app/content/dealer.ts";
const EXPORT = "DEALER_CONTENT";

interface Probe {
  __probe: number;
  value: unknown;
}

const isProbe = (node: unknown): node is Probe => typeof node === "object" && node !== null && "__probe" in node;

/** The outermost demo( ) calls of the file, in order. */
function demoCalls(file: ts.SourceFile): ts.CallExpression[] {
  const calls: ts.CallExpression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "demo") {
      calls.push(node);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return calls;
}

/** Text edits applied from the end, so earlier positions stay valid. */
function edit(text: string, edits: { start: number; end: number; text: string }[]): string {
  return [...edits]
    .sort((a, b) => b.start - a.start)
    .reduce((out, e) => out.slice(0, e.start) + e.text + out.slice(e.end), text);
}

/** Loads a variant of the content file (written beside it, so its imports resolve) and deletes it. */
async function loadVariant(dir: string, text: string, tag: string): Promise<Record<string, unknown>> {
  const file = path.join(dir, path.dirname(CONTENT_FILE), `.dealer-${tag}-${process.pid}.ts`);
  fs.writeFileSync(file, text);
  try {
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Each demo( ) call's value (its nested demo( )s taken off) and its key in the content. */
async function demoValues(dir: string, source: string, calls: ts.CallExpression[]) {
  const { unwrapDemo } = (await import(pathToFileURL(path.join(dir, "app/content/demo.ts")).href)) as {
    unwrapDemo: <T>(tree: T) => { content: T };
  };
  const probed = edit(
    source,
    calls.map((call, i) => ({
      start: call.expression.getStart(),
      end: call.arguments.pos,
      text: `(globalThis as unknown as { __demoProbe: (i: number, v: unknown) => unknown }).__demoProbe(${i}, `,
    })),
  );
  (globalThis as unknown as { __demoProbe: (i: number, value: unknown) => Probe }).__demoProbe = (i, value) => ({
    __probe: i,
    value,
  });
  const module = await loadVariant(dir, probed, "probe");
  const found: { key: string[]; value: unknown }[] = [];
  const walk = (node: unknown, key: string[]) => {
    if (isProbe(node)) found[node.__probe] = { key, value: unwrapDemo(node.value).content };
    else if (typeof node === "object" && node !== null)
      for (const [name, item] of Object.entries(node)) walk(item, [...key, name]);
  };
  walk(module[EXPORT], []);
  calls.forEach((call, i) => {
    if (!found[i]) {
      const line = call.getSourceFile().getLineAndCharacterOfPosition(call.getStart()).line + 1;
      throw new Error(`${CONTENT_FILE}:${line}: this demo( ) is not part of ${EXPORT}; cannot tell its key`);
    }
  });
  return found;
}

/** The names a statement declares at the top level (functions, constants, named imports). */
function declaredNames(statement: ts.Statement): string[] {
  if (ts.isFunctionDeclaration(statement)) return statement.name ? [statement.name.text] : [];
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  if (ts.isImportDeclaration(statement)) {
    const bindings = statement.importClause?.namedBindings;
    return bindings && ts.isNamedImports(bindings) ? bindings.elements.map((e) => e.name.text) : [];
  }
  return [];
}

/** Top-level functions, constants and imports nobody uses any more (the demo marker, the demo's picture helper), removed. */
function withoutUnused(text: string): string {
  for (;;) {
    const file = ts.createSourceFile("dealer.ts", text, ts.ScriptTarget.Latest, true);
    const used = (outside: ts.Statement) => {
      const names = new Set<string>();
      const visit = (node: ts.Node) => {
        if (node === outside) return;
        if (ts.isIdentifier(node)) names.add(node.text);
        ts.forEachChild(node, visit);
      };
      visit(file);
      return names;
    };
    const unused = file.statements.find((statement) => {
      const exported = ts
        .getModifiers(statement as ts.HasModifiers)
        ?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      const names = declaredNames(statement);
      if (exported || names.length === 0) return false;
      const elsewhere = used(statement);
      return names.every((name) => !elsewhere.has(name));
    });
    if (!unused) return text;
    // The file's own header comment sits before its first statement: it stays.
    const start = unused === file.statements[0] ? unused.getStart() : unused.getFullStart();
    text = text.slice(0, start) + text.slice(unused.getEnd());
  }
}

/** A value as TypeScript source: large whole numbers grouped with underscores, as the content writes them. */
export function literal(value: unknown): string {
  if (typeof value === "number" && Number.isInteger(value) && Math.abs(value) >= 10_000)
    return String(value).replace(/\B(?=(\d{3})+$)/g, "_");
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  if (typeof value === "object" && value !== null) {
    const fields = Object.entries(value).filter(([, item]) => item !== undefined);
    const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
    return `{ ${fields.map(([name, item]) => `${key(name)}: ${literal(item)}`).join(", ")} }`;
  }
  return value === undefined ? "undefined" : JSON.stringify(value);
}

/** Rewrites <dir>/app/content/dealer.ts; returns how many demo values were replaced. */
export async function replaceDemoContent(dir: string): Promise<number> {
  const target = path.join(dir, CONTENT_FILE);
  const source = fs.readFileSync(target, "utf8");
  const file = ts.createSourceFile(target, source, ts.ScriptTarget.Latest, true);
  const calls = demoCalls(file);
  const values = await demoValues(dir, source, calls);
  const { dealerContentSchema, parseDealerContent } = (await import(
    pathToFileURL(path.join(dir, "app/content/schema.ts")).href
  )) as { dealerContentSchema: ZodTypeAny; parseDealerContent: (content: unknown) => unknown };

  const taken = new Set<unknown>();
  const collect = (node: unknown): void => {
    if (typeof node === "object" && node !== null) Object.values(node).forEach(collect);
    else taken.add(node);
  };
  values.forEach(({ value }) => collect(value));
  let writes = 0;
  const write = async (downward: Set<number>, fixed = new Map<number, string>()) => {
    const replaced = values.map(
      ({ key, value }, i) =>
        fixed.get(i) ??
        replaceValue(value, schemaAt(dealerContentSchema, key), { dir, downward: downward.has(i), taken }),
    );
    const text = withoutUnused(
      edit(
        source,
        calls.map((call, i) => ({ start: call.getStart(), end: call.getEnd(), text: literal(replaced[i]) })),
      ),
    );
    const formatted = await prettier.format(text, { ...(await prettier.resolveConfig(target)), filepath: target });
    // A name of its own each time: a module already imported under a name is not read again.
    const module = await loadVariant(dir, formatted, `check-${++writes}`);
    return { formatted, content: module[EXPORT], replaced };
  };
  const issuesOf = (content: unknown) =>
    (dealerContentSchema.safeParse(content).error?.issues ?? []) as { path: (string | number)[] }[];

  // A number the schema refuses one way (a percent at its maximum) is moved the other way.
  let result = await write(new Set());
  const issues = issuesOf(result.content);
  const downward = new Set(
    values.flatMap(({ key }, i) =>
      issues.some((issue) => key.every((part, k) => String(issue.path[k]) === part)) ? [i] : [],
    ),
  );
  if (issues.length > 0) result = await write(downward);
  // Digits that must agree with a value beside them (an account with its bank's code) end otherwise
  // when they do not, the values beside them as replaced.
  const fixed = new Map<number, string>();
  for (const [i, { key }] of values.entries()) {
    const value = result.replaced[i];
    const atKey = (issue: { path: (string | number)[] }) => issue.path.map(String).join(".") === key.join(".");
    if (typeof value !== "string" || !issuesOf(result.content).some(atKey)) continue;
    const candidate = structuredClone(result.content) as Record<string, unknown>;
    const parent = key.slice(0, -1).reduce((node, part) => node[part] as Record<string, unknown>, candidate);
    const ending = withEnding(value, (next) => {
      parent[key.at(-1)!] = next;
      return !taken.has(next) && !issuesOf(candidate).some(atKey);
    });
    if (ending) fixed.set(i, ending);
  }
  if (fixed.size > 0) result = await write(downward, fixed);
  parseDealerContent(result.content);
  if (demoCalls(ts.createSourceFile(target, result.formatted, ts.ScriptTarget.Latest, true)).length > 0)
    throw new Error(`${CONTENT_FILE} still holds a demo( ) after replacing`);
  fs.writeFileSync(target, result.formatted);
  return calls.length;
}

/** The property `name` of an object literal (written as a name or a string). */
function property(object: ts.ObjectLiteralExpression, name: string): ts.PropertyAssignment {
  const found = object.properties.find(
    (p): p is ts.PropertyAssignment =>
      ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name,
  );
  if (!found) throw new Error(`${CONTENT_FILE}: no ${name} where the content should have it`);
  return found;
}

/**
 * The dealer's own figures changed as a dealer would change them, beside the demo values: the
 * savings, hours, delivery prices and leasing terms, and the figures go-live compares (the hero's
 * savings, the models statistic, the term in months) made to agree. Values written as a constant
 * of the file (the hours) are changed where the constant is written.
 */
export async function editDealerFigures(dir: string): Promise<string[]> {
  const target = path.join(dir, CONTENT_FILE);
  const source = fs.readFileSync(target, "utf8");
  const file = ts.createSourceFile(target, source, ts.ScriptTarget.Latest, true);
  const module = await loadVariant(dir, source, "figures");
  const content = module[EXPORT] as {
    truckSavings: Record<string, number>;
    trucks: Record<string, unknown>;
    leasing: { termYears: number };
  };
  let root: ts.ObjectLiteralExpression | undefined;
  const constants = new Map<string, ts.Expression>();
  for (const statement of file.statements)
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.initializer) {
          if (d.name.text === EXPORT && ts.isObjectLiteralExpression(d.initializer)) root = d.initializer;
          else constants.set(d.name.text, d.initializer);
        }
  if (!root) throw new Error(`${CONTENT_FILE}: ${EXPORT} is not an object literal`);
  const edits = new Map<number, { start: number; end: number; text: string }>();
  const changed: string[] = [];
  const set = (key: string, value: unknown) => {
    let node: ts.Expression = root!;
    for (const part of key.split(".")) {
      if (!ts.isObjectLiteralExpression(node)) throw new Error(`${CONTENT_FILE}: ${key} is not written as an object`);
      node = property(node, part).initializer;
    }
    // A constant of the file: changed where it is written, for every key that names it.
    if (ts.isIdentifier(node)) node = constants.get(node.text) ?? node;
    edits.set(node.getStart(), { start: node.getStart(), end: node.getEnd(), text: literal(value) });
    changed.push(`${key}: ${literal(value)}`);
  };
  const savings = Object.fromEntries(
    Object.entries(content.truckSavings).map(([type, rub]) => [type, rub > 0 ? rub - 100_000 : 0]),
  );
  for (const [type, rub] of Object.entries(savings)) set(`truckSavings.${type}`, rub);
  set("home.heroSavings", Math.max(...Object.values(savings)));
  set("home.stats.models.value", String(Object.keys(content.trucks).length));
  set("dealer.name", "FAW Енисей Трак");
  set("desks.parts.workTime", "Пн–Пт 8:00–17:00, Сб 10:00–14:00");
  set("delivery.freeFrom", 7_000);
  set("delivery.courierPrice", 350);
  set("delivery.transportCompanyPrice", 400);
  const years = content.leasing.termYears === 4 ? 3 : 4;
  set("leasing.termYears", years);
  set("leasing.termMonths", years * 12);
  set("leasing.minAdvancePercent", 10);
  set("leasing.maxAdvancePercent", 45);
  set("leasing.amountTo", 40_000_000);
  set("leasing.approvalDays", 2);
  const text = edit(source, [...edits.values()]);
  const formatted = await prettier.format(text, { ...(await prettier.resolveConfig(target)), filepath: target });
  const { parseDealerContent } = (await import(pathToFileURL(path.join(dir, "app/content/schema.ts")).href)) as {
    parseDealerContent: (content: unknown) => unknown;
  };
  parseDealerContent((await loadVariant(dir, formatted, "figures-check"))[EXPORT]);
  fs.writeFileSync(target, formatted);
  return changed;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dir = process.argv[2];
  if (!dir || !fs.existsSync(path.join(dir, CONTENT_FILE))) {
    process.stderr.write("usage: npx tsx scripts/replace-demo-content.ts <copy of the project>\n");
    process.exit(2);
  }
  if (path.resolve(dir) === process.cwd() && !process.argv.includes("--in-place")) {
    process.stderr.write("refusing to rewrite this checkout's own content; pass a copy (or --in-place)\n");
    process.exit(2);
  }
  try {
    const count = await replaceDemoContent(path.resolve(dir));
    process.stdout.write(`Replaced ${count} demo values in ${path.join(dir, CONTENT_FILE)}\n`);
    if (process.argv.includes("--figures")) {
      const changed = await editDealerFigures(path.resolve(dir));
      process.stdout.write(`Changed the dealer's figures:\n${changed.map((line) => `  ${line}`).join("\n")}\n`);
    }
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
}
