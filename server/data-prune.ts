/**
 * `npm run data:prune`: the retention sweep the server makes at start and daily, now, printing
 * what it removed (docs/decisions/017): delivered leads LEAD_RETENTION_DAYS after delivery, orders
 * with their invoices and e-mails ORDER_RETENTION_DAYS after they were placed, their consents.
 * Nothing unsent. Safe beside running servers. Bundled into build/data-prune.js.
 */
import { bootOrExit, loadSettings } from "./boot.server";
import { migrate, openStoreDb } from "./store/db.server";
import { prune } from "./store/prune.server";

const { config, store } = await bootOrExit(async () => {
  const config = loadSettings();
  const store = openStoreDb(config);
  await migrate(store);
  return { config, store };
});
const report = await prune(store, config);
await store.close();
process.stdout.write(
  `removed from ${store.where}: ${report.leads} delivered leads (kept ${config.LEAD_RETENTION_DAYS} days), ` +
    `${report.orders} orders with their invoices (kept ${config.ORDER_RETENTION_DAYS} days), ` +
    `${report.mails} order e-mails, ${report.consents} consent records, ${report.traces} repeat traces\n`,
);
