/**
 * A minimal ustar writer and reader for the shop's backup archives: regular files only, names up
 * to 255 bytes (prefix + name), sizes under 8 GiB. Enough for a database dump and the media folder
 * without a dependency; the archives open with any `tar`.
 */

const BLOCK = 512;

export interface TarEntry {
  name: string;
  data: Uint8Array;
  mtime?: Date;
}

function writeString(header: Buffer, value: string, offset: number, length: number) {
  header.write(value, offset, Math.min(Buffer.byteLength(value), length), "utf8");
}

function writeOctal(header: Buffer, value: number, offset: number, length: number) {
  writeString(header, value.toString(8).padStart(length - 1, "0"), offset, length - 1);
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: "", base: name };
  for (let i = name.indexOf("/"); i !== -1; i = name.indexOf("/", i + 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`file name too long for the backup archive: ${name}`);
}

/** The 512-byte header of one regular file. */
export function tarHeader(name: string, size: number, mtime = new Date()): Buffer {
  if (!name || name.startsWith("/") || name.split("/").includes("..")) throw new Error(`unsafe name in a backup archive: ${name}`);
  const header = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  writeString(header, base, 0, 100);
  writeOctal(header, 0o644, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, size, 124, 12);
  writeOctal(header, Math.floor(mtime.getTime() / 1000), 136, 12);
  header.fill(" ", 148, 156);
  header.write("0", 156);
  writeString(header, "ustar", 257, 6);
  writeString(header, "00", 263, 2);
  writeString(header, prefix, 345, 155);
  let sum = 0;
  for (const byte of header) sum += byte;
  writeString(header, sum.toString(8).padStart(6, "0") + "\0 ", 148, 8);
  return header;
}

/** Zero bytes that round a file's data up to a whole block. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** The two empty blocks that end an archive. */
export const TAR_END = Buffer.alloc(BLOCK * 2);

export function writeTar(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(tarHeader(entry.name, entry.data.length, entry.mtime), Buffer.from(entry.data), tarPadding(entry.data.length));
  }
  parts.push(TAR_END);
  return Buffer.concat(parts);
}

function readString(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

/** The regular files of an archive, in order; a damaged header or a truncated file is an error. */
export function readTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return entries;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    if (parseInt(readString(header, 148, 8).trim(), 8) !== sum) throw new Error("damaged backup archive (header checksum)");
    const size = parseInt(readString(header, 124, 12).trim() || "0", 8);
    const type = readString(header, 156, 1);
    const prefix = readString(header, 345, 155);
    const base = readString(header, 0, 100);
    const name = prefix ? `${prefix}/${base}` : base;
    const start = offset + BLOCK;
    if (start + size > archive.length) throw new Error("damaged backup archive (truncated)");
    if (type === "0" || type === "") {
      if (name.startsWith("/") || name.split("/").includes("..")) throw new Error(`unsafe name in a backup archive: ${name}`);
      entries.push({ name, data: archive.subarray(start, start + size), mtime: new Date(parseInt(readString(header, 136, 12).trim() || "0", 8) * 1000) });
    }
    offset = start + size + ((BLOCK - (size % BLOCK)) % BLOCK);
  }
  throw new Error("damaged backup archive (no end marker)");
}
