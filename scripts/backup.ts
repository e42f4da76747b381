// npm run backup [-- --out backups/shop.tar.gz]
// A backup of the embedded database (DATA_DIR) and its media, while the shop is stopped. On
// PostgreSQL (DATABASE_URL) use pg_dump instead (README, Backups).
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, createBackup } from "@/server/backup/backup";
import { loadConfig } from "@/server/config";

const { values } = parseArgs({ options: { out: { type: "string" } } });
const config = loadConfig();
if (config.DATABASE_URL) {
  console.error("DATABASE_URL is set: back up PostgreSQL with pg_dump (see the README, Backups). npm run backup is for the embedded database.");
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const out = path.resolve(values.out ?? path.join("backups", `storefront-${stamp}.tar.gz`));
try {
  const started = Date.now();
  const manifest = await createBackup(config.dataDir, out);
  const s = manifest.summary;
  console.log(
    `Backed up ${config.dataDir} to ${out} in ${Date.now() - started} ms: ${s.products.rows} products, ${s.users.rows} users, ${s.cart_lines.rows} cart lines, ${manifest.mediaFiles} media files.`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
