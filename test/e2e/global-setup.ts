import fs from "node:fs";
import { execFileSync } from "node:child_process";

/** e2e tests run the production build; build it when `npm run test:e2e` is run on its own. */
export default function setup() {
  if (!fs.existsSync("build/index.js") || process.env.E2E_REBUILD === "1") {
    execFileSync("npx", ["remix", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  }
}
