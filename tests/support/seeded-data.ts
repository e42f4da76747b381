import fs from "node:fs";
import path from "node:path";
import { hashOfFiles } from "../../scripts/build-lib.mjs";
import { openDatabase } from "../../src/server/db/client";
import { embedCatalogImages } from "../../src/server/image-search/embed-catalog";
import { localMediaStore } from "../../src/server/media/media-store";
import { ensureSeeded } from "../../src/server/seed/ensure-seeded";
import { alive, CACHE_ROOT, cachingEmbedPool } from "./embedding-cache";

/**
 * The demo shop as a fresh start leaves it (migrated, seeded, every picture embedded), made once
 * and copied wherever a test needs a seeded database of its own: the API suite, the production
 * servers some API tests start, the e2e server. Seeding and embedding cost one to three minutes
 * each time; a copy, a second. The folder is a DATA_DIR (`pg/`, the embedded database; `media/`,
 * the pictures), keyed by what a seed is made from: the migrations, the seed, the server's and the
 * shared rules' code, the model and the locked packages (a change to any of them makes a new one).
 */
const SEEDED_INPUTS = ["src/server", "src/seed", "src/lib", "assets", "tests/support", "models/image-encoder.onnx", "package-lock.json"];
export const SEEDED_KEY = hashOfFiles(SEEDED_INPUTS).slice(0, 16);
const template = path.join(CACHE_ROOT, `seeded-${SEEDED_KEY}`);
const lock = `${template}.building`;

/** Makes the seeded folder (another process making it at the same time is waited for); its path. */
export async function seededDataDir(log: (line: string) => void = () => undefined): Promise<string> {
  for (;;) {
    if (fs.existsSync(template)) return template;
    fs.mkdirSync(CACHE_ROOT, { recursive: true });
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, "pid"), String(process.pid));
      break;
    } catch {
      // another process is making it: wait for it, or take over when it died half-way
      const owner = Number(fs.readFileSync(path.join(lock, "pid"), { encoding: "utf8", flag: "a+" }) || 0);
      if (owner && !alive(owner)) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    const started = Date.now();
    const building = path.join(lock, "data");
    const handle = await openDatabase({ dataDir: building });
    try {
      const media = localMediaStore(path.join(building, "media"));
      await ensureSeeded(handle.db, { media });
      await embedCatalogImages(handle.db, media, log, cachingEmbedPool);
    } finally {
      await handle.close();
    }
    fs.renameSync(building, template);
    log(`Seeded data for the tests made in ${((Date.now() - started) / 1000).toFixed(1)} s (${template}).`);
    return template;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** A copy of the seeded folder at `target` (a DATA_DIR: `pg/` and `media/`), made first if need be. */
export async function copySeededData(target: string, log?: (line: string) => void): Promise<void> {
  const from = await seededDataDir(log);
  fs.cpSync(from, target, { recursive: true, filter: (source) => !path.basename(source).startsWith("db.lock") });
}
