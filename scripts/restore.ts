// npm run restore -- backups/shop.tar.gz
// Restores a backup made by `npm run backup` into DATA_DIR, which must not hold a database yet,
// and checks the restored rows against the backup's summary.
import { parseArgs } from "node:util";
import { BackupError, restoreBackup } from "@/server/backup/backup";
import { loadConfig } from "@/server/config";

const { positionals } = parseArgs({ allowPositionals: true });
const file = positionals[0];
if (!file) {
  console.error("Usage: npm run restore -- <backup.tar.gz>   (into DATA_DIR, which must not hold a database yet)");
  process.exit(1);
}
const config = loadConfig();
if (config.DATABASE_URL) {
  console.error("DATABASE_URL is set: restore PostgreSQL with pg_restore (see the README, Backups). npm run restore is for the embedded database.");
  process.exit(1);
}
try {
  const started = Date.now();
  const manifest = await restoreBackup(file, config.dataDir);
  const s = manifest.summary;
  console.log(
    `Restored ${file} (taken ${manifest.createdAt}) into ${config.dataDir} in ${Date.now() - started} ms: ${s.products.rows} products, ${s.users.rows} users, ${s.cart_lines.rows} cart lines, ${manifest.mediaFiles} media files; every row checked against the backup.`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
