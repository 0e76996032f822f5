/**
 * Consent to personal-data processing (152-ФЗ): each accepted consent is appended to
 * DATA_DIR/consents/YYYY-MM.jsonl with its time, IP address, form and consent-text version.
 */
import fsp from "node:fs/promises";
import path from "node:path";
import { errorMessage, log } from "./log.server";

export interface ConsentRecord {
  at: string;
  ip: string;
  form: string;
  version: string;
  lead?: string;
}

export interface ConsentLog {
  /**
   * False when the record could not be written (the disk full, say; logged): the lead is then not
   * taken, as the consent it rests on could not be kept.
   */
  record(entry: ConsentRecord): Promise<boolean>;
}

export function createConsentLog(dataDir: string): ConsentLog {
  const dir = path.join(dataDir, "consents");
  return {
    async record(entry) {
      try {
        await fsp.mkdir(dir, { recursive: true });
        const file = path.join(dir, `${entry.at.slice(0, 7)}.jsonl`);
        const handle = await fsp.open(file, "a");
        try {
          await handle.write(JSON.stringify(entry) + "\n");
          await handle.sync();
        } finally {
          await handle.close();
        }
        return true;
      } catch (error) {
        log.error("consent not recorded, lead refused", { form: entry.form, error: errorMessage(error) });
        return false;
      }
    },
  };
}
