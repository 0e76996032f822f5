/**
 * The cookie-signing secret: servers with DATA_DIRs of their own given one SESSION_SECRET read
 * each other's cookies and order keys; a cookie signed by the secret kept in DATA_DIR before
 * SESSION_SECRET was set is still read.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cookieSecrets, loadCookieSecret } from "./cookie-secret.server";
import { lastOrderCookieHeader, readLastOrder } from "./cookies.server";
import { orderIdOfKey, orderKeyOf } from "./order-key.server";

const SESSION_SECRET = "a".repeat(16) + "b".repeat(16) + "c".repeat(8);
const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "cookie-secret-"));
const requestWith = (setCookie: string) =>
  new Request("http://localhost/order-success", { headers: { Cookie: setCookie.split(";")[0] } });
const ORDER = "0b6f0d6e-3c1a-4c1e-9a57-6d1f2f3a4b5c";

describe("cookieSecrets", () => {
  it("lets servers given the same SESSION_SECRET read each other's cookies and order keys", async () => {
    const first = cookieSecrets({ SESSION_SECRET, dataDir: dataDir() });
    const second = cookieSecrets({ SESSION_SECRET, dataDir: dataDir() });
    const header = await lastOrderCookieHeader({ id: ORDER, purchasePending: true }, false, first);
    expect((await readLastOrder(requestWith(header), second))?.id).toBe(ORDER);
    expect(orderIdOfKey(orderKeyOf(ORDER, first), second)).toBe(ORDER);
  });

  it("without SESSION_SECRET signs with the secret kept in DATA_DIR, which another DATA_DIR does not know", async () => {
    const own = cookieSecrets({ dataDir: dataDir() });
    const other = cookieSecrets({ dataDir: dataDir() });
    expect(own).toHaveLength(1);
    const header = await lastOrderCookieHeader({ id: ORDER, purchasePending: true }, false, own);
    expect(await readLastOrder(requestWith(header), other)).toBeNull();
  });

  it("still reads what the kept secret signed before SESSION_SECRET was set", async () => {
    const dir = dataDir();
    const before = await lastOrderCookieHeader({ id: ORDER, purchasePending: true }, false, [loadCookieSecret(dir)]);
    const now = cookieSecrets({ SESSION_SECRET, dataDir: dir });
    expect(now[0]).toBe(SESSION_SECRET);
    expect((await readLastOrder(requestWith(before), now))?.id).toBe(ORDER);
  });
});
