/**
 * Consent to personal-data processing (152-ФЗ): each accepted consent is appended to
 * DATA_DIR/consents/YYYY-MM.jsonl with its time, IP address, form and consent-text version.
 */
import fsp from "node:fs/promises";
import path from "node:path";

export interface ConsentRecord {
  at: string;
  ip: string;
  form: string;
  version: string;
  lead?: string;
}

export interface ConsentLog {
  record(entry: ConsentRecord): Promise<void>;
}

export function createConsentLog(dataDir: string): ConsentLog {
  const dir = path.join(dataDir, "consents");
  return {
    async record(entry) {
      await fsp.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${entry.at.slice(0, 7)}.jsonl`);
      const handle = await fsp.open(file, "a");
      try {
        await handle.write(JSON.stringify(entry) + "\n");
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
  };
}
