/**
 * The secret that signs the server's own cookies (the last order), made once and kept in
 * DATA_DIR/cookie-secret: nothing to configure, and it survives restarts and is shared by every
 * process on the same DATA_DIR (the server, `npm run leads:resend`).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export function loadCookieSecret(dataDir: string): string {
  const file = path.join(dataDir, "cookie-secret");
  if (!fs.existsSync(file)) {
    // Written aside, then linked into place: of two processes starting at once one wins, and
    // neither can read a half-written file.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
    try {
      fs.linkSync(tmp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} is too short to sign cookies; delete it to have a new one made`);
  return secret;
}
