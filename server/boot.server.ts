/**
 * What both entries check before they do anything (the HTTP server, server/index.ts, and
 * `npm run leads:resend`, server/leads-resend.ts): the settings (environment, then `.env`), the
 * dealer content, a writable DATA_DIR. A failure is one line naming what is wrong.
 */
import fs from "node:fs";
import { CONTENT } from "~/content";
import { parseDealerContent } from "~/content/schema";
import { ConfigError, getConfig, type Config } from "./config.server";
import { ensureWritableDir } from "./data-dir.server";

/** A start-up check failed: the message is the one line to print before exiting with 1. */
export class BootError extends Error {}

export function loadSettings(): Config {
  // A .env file (a copy of .env.example) fills in what the environment leaves unset.
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  let config: Config;
  try {
    config = getConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new BootError(error.message);
    throw error;
  }
  try {
    parseDealerContent(CONTENT);
  } catch (error) {
    throw new BootError((error as Error).message);
  }
  try {
    ensureWritableDir(config.dataDir);
  } catch (error) {
    throw new BootError(`DATA_DIR ${config.dataDir} is not writable: ${(error as Error).message}`);
  }
  return config;
}

/** Runs `start`; a BootError (or any error it throws while starting) is printed as one line and exits 1. */
export async function bootOrExit<T>(start: () => T | Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
