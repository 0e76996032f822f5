/**
 * One JSON line per event on stdout. Personal data never goes in whole: callers pass
 * only what ops need, and `maskPhone`/`maskName` shorten what must appear.
 */
type Fields = Record<string, unknown>;

const silent = process.env.LOG_SILENT === "1";

function write(level: "info" | "warn" | "error", msg: string, fields: Fields) {
  if (silent) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "error") process.stderr.write(line + "\n");
  else process.stdout.write(line + "\n");
}

export const log = {
  info: (msg: string, fields: Fields = {}) => write("info", msg, fields),
  warn: (msg: string, fields: Fields = {}) => write("warn", msg, fields),
  error: (msg: string, fields: Fields = {}) => write("error", msg, fields),
};

export function errorMessage(error: unknown): string {
  if (error instanceof Error)
    return error.name === "AbortError" || error.name === "TimeoutError" ? "timeout" : error.message;
  return String(error);
}
