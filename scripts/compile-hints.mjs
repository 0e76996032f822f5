#!/usr/bin/env node
/**
 * Part of `npm run build`, after `remix build` and before scripts/precompress.mjs: marks the
 * browser chunks that hold React and React DOM (with Remix's router, which shares their chunk)
 * with V8's explicit compile hint, a first line `//# allFunctionsCalledOnLoad`.
 *
 * V8 compiles a function lazily, on the main thread, the first time it runs. Hydration runs
 * nearly every function of these chunks, so on a cold load that compiling was some 20–50 ms of
 * the page's first second (measured on the parts list: module evaluation 31–38 ms without the
 * hint, 11–12 ms with it). With the hint, Chromium (136 and later) compiles the whole file
 * eagerly on a background thread while it streams in; other browsers read a comment. Only these
 * chunks are marked: compiling code that never runs on load would waste time and memory.
 *
 * The chunks are found in the build's metafile, by the packages they contain. Adding a line
 * keeps each file's fingerprinted name unique to its build; no source maps are emitted for the
 * browser build, so none is shifted.
 */
import fs from "node:fs";
import path from "node:path";

const COMPILE_HINT = "//# allFunctionsCalledOnLoad";
const EAGER_PACKAGES = [/(^|\/)node_modules\/react\//, /(^|\/)node_modules\/react-dom\//];

const metafilePath = path.resolve(process.argv[2] ?? "build/metafile.js.json");
const meta = JSON.parse(fs.readFileSync(metafilePath, "utf8"));
let marked = 0;
for (const [output, info] of Object.entries(meta.outputs)) {
  if (!output.endsWith(".js")) continue;
  if (!Object.keys(info.inputs).some((input) => EAGER_PACKAGES.some((re) => re.test(input)))) continue;
  const file = path.resolve(output);
  const code = fs.readFileSync(file, "utf8");
  if (!code.startsWith(COMPILE_HINT)) fs.writeFileSync(file, `${COMPILE_HINT}\n${code}`);
  console.log(`compile hint: ${path.relative(process.cwd(), file)}`);
  marked++;
}
if (marked === 0) {
  console.error("compile-hints: no chunk with React or React DOM in the metafile");
  process.exit(1);
}
