import { Inflate } from "fflate";

/**
 * Reading an uploaded ZIP archive safely (a Gerber set, an XLSX workbook, a folder of pictures):
 * the central directory is read and checked against the local headers (see readZipEntries), and
 * each entry is inflated a small step at a time with running limits on the bytes actually
 * produced, whatever the headers claim (see unpackEntry). Nothing is written anywhere.
 * Synchronous and CPU-bound: callers run it in a worker thread, or one entry at a time.
 */

export type ZipProblem = "not-a-zip" | "too-many-entries" | "too-large-unpacked" | "unsafe-name" | "damaged";

export interface ZipLimits {
  /** entries the directory may list */
  maxEntries: number;
  /** bytes all entries may unpack to, declared and as inflated */
  maxUnpackedBytes: number;
  /** no entry above RATIO_FLOOR_BYTES may inflate to more than this many times its compressed bytes (a bomb does) */
  maxRatio: number;
}

/** Below this size an entry may compress as well as it likes (a short file of repeated lines does). */
const RATIO_FLOOR_BYTES = 1024 * 1024;
/**
 * Compressed bytes handed to the inflater at a time. Deflate expands at most about 1,032 times, so
 * the running limits are checked after at most ~16 MB of output, whatever the archive holds.
 */
const INFLATE_STEP_BYTES = 16 * 1024;

/** A name that could climb out of a folder when unpacked: absolute, `..`, backslashes, a drive letter or a control character. */
export function isUnsafeName(name: string): boolean {
  if (!name || name.length > 255) return true;
  if (/[\u0000-\u001f\u007f\\]/.test(name)) return true;
  if (name.startsWith("/") || /^[a-zA-Z]:/.test(name)) return true;
  return name.split("/").some((part) => part === "..");
}

const SIGNATURE = {
  local: 0x04034b50,
  central: 0x02014b50,
  end: 0x06054b50,
  zip64End: 0x06064b50,
  zip64Locator: 0x07064b50,
} as const;
const MAX_U16 = 0xffff;
const MAX_U32 = 0xffffffff;
/** general-purpose flags: encrypted, sizes in a data descriptor after the data, UTF-8 names */
const FLAG_ENCRYPTED = 0x1;
const FLAG_DATA_DESCRIPTOR = 0x8;
const FLAG_UTF8 = 0x800;
/** extra fields: ZIP64 sizes and offset; Info-ZIP's Unicode path, which unpackers use instead of the header's name */
const EXTRA_ZIP64 = 0x0001;
const EXTRA_UNICODE_PATH = 0x7075;
/** a data descriptor after an entry's data: CRC and 32-bit or 64-bit sizes, with or without its signature */
const DESCRIPTOR_LENGTHS = [12, 16, 20, 24];

/** One file of the archive as its central directory lists it (what an unpacker goes by). */
export interface ZipEntry {
  name: string;
  rawName: Buffer;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  offset: number;
  /** where its compressed bytes start, found from its local header */
  dataStart: number;
}

export class ZipRefused extends Error {
  constructor(readonly problem: ZipProblem) {
    super(problem);
  }
}

function u64(view: Buffer, at: number): number {
  if (at + 8 > view.length) throw new ZipRefused("not-a-zip");
  // past 2^53 the value is no offset or size of a 10 MB file anyway: the bounds checks refuse it
  return Number(view.readBigUInt64LE(at));
}

/** The extra fields of a header, by id. */
function extraFields(extra: Buffer): Map<number, Buffer> {
  const fields = new Map<number, Buffer>();
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    fields.set(id, extra.subarray(at + 4, Math.min(extra.length, at + 4 + length)));
    at += 4 + length;
  }
  return fields;
}

/** Refuses an Info-ZIP Unicode path that could climb out of a folder: unpackers use it in place of the header's name. */
function checkUnicodePath(fields: Map<number, Buffer>): void {
  const field = fields.get(EXTRA_UNICODE_PATH);
  if (field && (field.length < 5 || isUnsafeName(field.subarray(5).toString("utf8")))) throw new ZipRefused("unsafe-name");
}

/**
 * The central directory's entries, each checked against its local header: the archive must be laid
 * out as written by a ZIP tool, each entry right after the previous one, from the first byte to the
 * directory. So every unpacker, whether it goes by the directory or reads the local headers in
 * order, unpacks exactly the bytes checked here: no entry hidden in a gap, none that overlaps
 * another, no name or method that differs between the two.
 */
export function readZipEntries(data: Buffer, limits: ZipLimits): ZipEntry[] {
  if (data.length < 22 || data.readUInt32LE(0) !== SIGNATURE.local) throw new ZipRefused("not-a-zip");

  // the end-of-central-directory record: the last one whose comment fits in the file
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - MAX_U16); at--) {
    if (data.readUInt32LE(at) === SIGNATURE.end && at + 22 + data.readUInt16LE(at + 20) <= data.length) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipRefused("not-a-zip");
  let count = data.readUInt16LE(end + 10);
  let directorySize = data.readUInt32LE(end + 12);
  let directoryOffset = data.readUInt32LE(end + 16);
  let directoryLimit = end;
  if (count === MAX_U16 || directorySize === MAX_U32 || directoryOffset === MAX_U32) {
    // ZIP64: a locator right before the record points to the ZIP64 end record
    const locator = end - 20;
    if (locator < 0 || data.readUInt32LE(locator) !== SIGNATURE.zip64Locator) throw new ZipRefused("not-a-zip");
    const record = u64(data, locator + 8);
    if (record + 56 > locator || data.readUInt32LE(record) !== SIGNATURE.zip64End) throw new ZipRefused("not-a-zip");
    count = u64(data, record + 32);
    directorySize = u64(data, record + 40);
    directoryOffset = u64(data, record + 48);
    directoryLimit = record;
  }
  if (directoryOffset + directorySize > directoryLimit) throw new ZipRefused("not-a-zip");
  if (count > limits.maxEntries) throw new ZipRefused("too-many-entries");

  const entries: ZipEntry[] = [];
  const directoryEnd = directoryOffset + directorySize;
  for (let at = directoryOffset, n = 0; n < count; n++) {
    if (at + 46 > directoryEnd || data.readUInt32LE(at) !== SIGNATURE.central) throw new ZipRefused("not-a-zip");
    const flags = data.readUInt16LE(at + 8);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const next = at + 46 + nameLength + extraLength + data.readUInt16LE(at + 32);
    if (next > directoryEnd) throw new ZipRefused("not-a-zip");
    const rawName = data.subarray(at + 46, at + 46 + nameLength);
    const fields = extraFields(data.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    let compressedSize = data.readUInt32LE(at + 20);
    let size = data.readUInt32LE(at + 24);
    let offset = data.readUInt32LE(at + 42);
    if (size === MAX_U32 || compressedSize === MAX_U32 || offset === MAX_U32) {
      // the real values are in the ZIP64 field, in this order, for those that did not fit
      const zip64 = fields.get(EXTRA_ZIP64);
      if (!zip64) throw new ZipRefused("not-a-zip");
      let field = 0;
      if (size === MAX_U32) size = u64(zip64, 8 * field++);
      if (compressedSize === MAX_U32) compressedSize = u64(zip64, 8 * field++);
      if (offset === MAX_U32) offset = u64(zip64, 8 * field++);
    }
    const name = rawName.toString(flags & FLAG_UTF8 ? "utf8" : "latin1");
    if (isUnsafeName(name)) throw new ZipRefused("unsafe-name");
    checkUnicodePath(fields);
    // an encrypted entry's content could not be checked
    if (flags & FLAG_ENCRYPTED) throw new ZipRefused("damaged");
    entries.push({ name, rawName, flags, method: data.readUInt16LE(at + 10), compressedSize, size, offset, dataStart: 0 });
    at = next;
  }

  // the declared sizes first: an archive that admits to being too large is refused before anything is inflated
  const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (declared > limits.maxUnpackedBytes) throw new ZipRefused("too-large-unpacked");
  if (entries.some((entry) => entry.size > RATIO_FLOOR_BYTES && entry.size > entry.compressedSize * limits.maxRatio))
    throw new ZipRefused("too-large-unpacked");

  // the layout: from the first byte, each local header right after the previous entry's data (and its descriptor)
  const byOffset = [...entries].sort((a, b) => a.offset - b.offset);
  let expected = 0;
  for (const [index, entry] of byOffset.entries()) {
    const at = entry.offset;
    if (at !== expected || at + 30 > directoryOffset || data.readUInt32LE(at) !== SIGNATURE.local) throw new ZipRefused("damaged");
    const flags = data.readUInt16LE(at + 6);
    const nameLength = data.readUInt16LE(at + 26);
    const extraLength = data.readUInt16LE(at + 28);
    entry.dataStart = at + 30 + nameLength + extraLength;
    const dataEnd = entry.dataStart + entry.compressedSize;
    if (dataEnd > directoryOffset) throw new ZipRefused("damaged");
    if (data.readUInt16LE(at + 8) !== entry.method || !data.subarray(at + 30, at + 30 + nameLength).equals(entry.rawName)) throw new ZipRefused("damaged");
    checkUnicodePath(extraFields(data.subarray(at + 30 + nameLength, entry.dataStart)));
    // sizes in the local header are what a streaming unpacker goes by: they must be the directory's
    if (!(flags & FLAG_DATA_DESCRIPTOR)) {
      const localCompressed = data.readUInt32LE(at + 18);
      const localSize = data.readUInt32LE(at + 22);
      if ((localCompressed !== MAX_U32 && localCompressed !== entry.compressedSize) || (localSize !== MAX_U32 && localSize !== entry.size))
        throw new ZipRefused("damaged");
    }
    const after = byOffset[index + 1]?.offset ?? directoryOffset;
    const gaps = flags & FLAG_DATA_DESCRIPTOR ? DESCRIPTOR_LENGTHS : [0];
    if (!gaps.some((gap) => dataEnd + gap === after)) throw new ZipRefused("damaged");
    expected = after;
  }
  // (an empty directory with a local header before it hides that entry)
  if (expected !== directoryOffset) throw new ZipRefused("damaged");
  return entries;
}

/**
 * Inflates one entry a step at a time, handing each piece to `take` (which may answer false to stop
 * early: the rest is not inflated). Counts the bytes produced into `budget.unpacked`, and stops with
 * "too-large-unpacked" at the first step past the limits: in all, per entry its declared size, and
 * `maxRatio` times its compressed bytes above 1 MB. "damaged" for an entry that does not inflate to
 * its declared size, or a compression method other than stored or deflate. Null when it went well.
 */
export function unpackEntry(
  data: Buffer,
  entry: ZipEntry,
  limits: ZipLimits,
  budget: { unpacked: number },
  take: (chunk: Uint8Array) => boolean | void = () => undefined,
): ZipProblem | null {
  let entryBytes = 0;
  let problem: ZipProblem | null = null;
  let stopped = false;
  const onChunk = (chunk: Uint8Array) => {
    if (problem || stopped) return;
    budget.unpacked += chunk.length;
    entryBytes += chunk.length;
    if (
      budget.unpacked > limits.maxUnpackedBytes ||
      entryBytes > entry.size ||
      (entryBytes > RATIO_FLOOR_BYTES && entryBytes > entry.compressedSize * limits.maxRatio)
    ) {
      problem = "too-large-unpacked";
      return;
    }
    if (take(chunk) === false) stopped = true;
  };
  const compressed = data.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === 0) {
    // stored: the bytes are the content
    for (let at = 0; at < compressed.length && !problem && !stopped; at += INFLATE_STEP_BYTES) onChunk(compressed.subarray(at, at + INFLATE_STEP_BYTES));
  } else if (entry.method === 8) {
    if (compressed.length === 0) {
      if (entry.size !== 0) return "damaged";
    } else {
      const inflater = new Inflate((chunk) => onChunk(chunk));
      try {
        for (let at = 0; at < compressed.length && !problem && !stopped; at += INFLATE_STEP_BYTES)
          inflater.push(compressed.subarray(at, at + INFLATE_STEP_BYTES), at + INFLATE_STEP_BYTES >= compressed.length);
      } catch {
        if (!problem) problem = "damaged";
      }
    }
  } else {
    // a compression method other than stored or deflate: no common tool writes one
    return "damaged";
  }
  if (problem) return problem;
  if (!stopped && entryBytes !== entry.size) return "damaged";
  return null;
}
