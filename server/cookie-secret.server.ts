/**
 * The secrets that sign the server's own cookies (the last order, the pending order) and the
 * order keys. SESSION_SECRET, when set, signs them, so every server given the same one accepts
 * the others' cookies (servers behind a load balancer). Otherwise a secret made once and kept in
 * DATA_DIR/cookie-secret signs: nothing to configure, it survives restarts and is shared by every
 * process on the same DATA_DIR (the server, `npm run leads:resend`). The kept one still verifies
 * under SESSION_SECRET, so cookies and order forms a visitor holds from before stay valid.
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

/** The signing secret first, then the one that verifies what was signed before it was set. */
export function cookieSecrets(config: { SESSION_SECRET?: string; dataDir: string }): string[] {
  const kept = loadCookieSecret(config.dataDir);
  return config.SESSION_SECRET && config.SESSION_SECRET !== kept ? [config.SESSION_SECRET, kept] : [kept];
}
