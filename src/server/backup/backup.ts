import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { sql } from "drizzle-orm";
import { DataDirInUseError, lockDataDir, openDatabase, rowsOf, type Database } from "../db/client";
import { readTar, TAR_END, tarHeader, tarPadding } from "./tar";

/**
 * Backups of the embedded database: one .tar.gz holding `backup.json` (what it holds, with a
 * summary of the rows), `database.tar.gz` (PGlite's own dump of its files) and `media/` (product
 * images and ads). A backup is taken while no shop has DATA_DIR open — the embedded database has
 * one owner, and a copy taken under a running shop could mix two moments — so a running shop is a
 * clear refusal, not a silent inconsistent copy. PostgreSQL is backed up with pg_dump instead.
 */

const FORMAT = 1;
/** The tables a restore is checked against, row by row (count and an md5 of every row in id order). */
const SUMMARY_TABLES = ["categories", "products", "product_variants", "users", "cart_items", "cart_lines"] as const;

export type DatabaseSummary = Record<(typeof SUMMARY_TABLES)[number], { rows: number; md5: string }>;

export interface BackupManifest {
  format: number;
  createdAt: string;
  database: "pglite";
  mediaFiles: number;
  summary: DatabaseSummary;
}

export class BackupError extends Error {}

export async function summariseDatabase(db: Database): Promise<DatabaseSummary> {
  const summary = {} as DatabaseSummary;
  for (const table of SUMMARY_TABLES) {
    const [row] = rowsOf<{ rows: number; md5: string | null }>(
      await db.execute(sql.raw(`select count(*)::int as rows, md5(string_agg(t::text, '|' order by t.id)) as md5 from ${table} t`)),
    );
    summary[table] = { rows: Number(row!.rows), md5: row!.md5 ?? "" };
  }
  return summary;
}

function* mediaFiles(dir: string, prefix = ""): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* mediaFiles(path.join(dir, entry.name), rel);
    else if (entry.isFile()) yield rel;
  }
}

function inUse(dataDir: string): BackupError {
  return new BackupError(
    `The shop (or another process) has the embedded database in ${dataDir} open. Stop it first: the embedded database is backed up and restored while no process uses it, so the copy is consistent. A shop that must keep running can use PostgreSQL (DATABASE_URL) and pg_dump.`,
  );
}

/** Writes a backup of the embedded database in `dataDir` and its media to `outFile` (.tar.gz). */
export async function createBackup(dataDir: string, outFile: string): Promise<BackupManifest> {
  const dir = path.resolve(dataDir);
  if (!fs.existsSync(path.join(dir, "pg", "PG_VERSION"))) throw new BackupError(`There is no embedded database in ${dir} (DATA_DIR).`);
  let handle;
  try {
    handle = await openDatabase({ dataDir: dir, migrate: false });
  } catch (error) {
    if (error instanceof DataDirInUseError) throw inUse(dir);
    throw error;
  }
  let dump: Buffer;
  let summary: DatabaseSummary;
  try {
    summary = await summariseDatabase(handle.db);
    dump = Buffer.from(await (await handle.pglite!.dumpDataDir("gzip")).arrayBuffer());
  } finally {
    await handle.close();
  }

  const mediaDir = path.join(dir, "media");
  const media = [...mediaFiles(mediaDir)];
  const manifest: BackupManifest = { format: FORMAT, createdAt: new Date().toISOString(), database: "pglite", mediaFiles: media.length, summary };

  // Written beside the target and renamed at the end: a backup file under its final name is whole.
  fs.mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
  const partial = `${outFile}.partial`;
  const gzip = zlib.createGzip({ level: 6 });
  const file = fs.createWriteStream(partial);
  gzip.pipe(file);
  const put = async (chunk: Buffer) => {
    if (!gzip.write(chunk)) await once(gzip, "drain");
  };
  const putFile = async (name: string, data: Buffer, mtime?: Date) => {
    await put(tarHeader(name, data.length, mtime));
    await put(data);
    await put(tarPadding(data.length));
  };
  try {
    await putFile("backup.json", Buffer.from(JSON.stringify(manifest, null, 2)));
    await putFile("database.tar.gz", dump);
    for (const rel of media) {
      const full = path.join(mediaDir, rel);
      await putFile(`media/${rel}`, fs.readFileSync(full), fs.statSync(full).mtime);
    }
    await put(TAR_END);
    gzip.end();
    await once(file, "close");
    fs.renameSync(partial, outFile);
  } catch (error) {
    gzip.destroy();
    file.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
  return manifest;
}

/**
 * Restores a backup into `dataDir`, which must not hold a database yet (a restore never overwrites
 * one), then opens the result and checks every summarised table against the backup's summary.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<BackupManifest> {
  const dir = path.resolve(dataDir);
  const pgDir = path.join(dir, "pg");
  if (fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0) {
    throw new BackupError(`${dir} already holds a database. Restore into a new folder (set DATA_DIR to it), or move the old folder away first.`);
  }
  let entries;
  try {
    entries = readTar(zlib.gunzipSync(fs.readFileSync(file)));
  } catch (error) {
    throw new BackupError(`${file} is not a readable backup: ${(error as Error).message}`);
  }
  const byName = new Map(entries.map((e) => [e.name, e]));
  const manifestEntry = byName.get("backup.json");
  const dump = byName.get("database.tar.gz");
  if (!manifestEntry || !dump) throw new BackupError(`${file} is not a shop backup (backup.json or database.tar.gz is missing).`);
  const manifest = JSON.parse(Buffer.from(manifestEntry.data).toString("utf8")) as BackupManifest;
  if (manifest.format !== FORMAT) throw new BackupError(`${file} has backup format ${manifest.format}; this version reads format ${FORMAT}.`);

  fs.mkdirSync(dir, { recursive: true });
  let release: () => void;
  try {
    release = lockDataDir(dir);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw inUse(dir);
    throw error;
  }
  try {
    const client = await PGlite.create(pgDir, { loadDataDir: new Blob([dump.data as Uint8Array<ArrayBuffer>]), extensions: { pg_trgm, vector } });
    await client.close();
    const mediaRoot = path.join(dir, "media");
    for (const entry of entries) {
      if (!entry.name.startsWith("media/")) continue;
      const target = path.resolve(mediaRoot, entry.name.slice("media/".length));
      if (!target.startsWith(mediaRoot + path.sep)) throw new BackupError(`unsafe media path in the backup: ${entry.name}`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, entry.data);
      if (entry.mtime) fs.utimesSync(target, entry.mtime, entry.mtime);
    }
  } finally {
    release();
  }

  const handle = await openDatabase({ dataDir: dir, migrate: false });
  try {
    const summary = await summariseDatabase(handle.db);
    const different = SUMMARY_TABLES.filter((t) => summary[t].rows !== manifest.summary[t]?.rows || summary[t].md5 !== manifest.summary[t]?.md5);
    if (different.length) throw new BackupError(`The restored database differs from the backup in: ${different.join(", ")}.`);
  } finally {
    await handle.close();
  }
  return manifest;
}
