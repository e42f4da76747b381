import { Inflate } from "fflate";

/** A Gerber ZIP as uploaded: at most 10 MB. */
export const GERBER_MAX_BYTES = 10 * 1024 * 1024;
/** What the archive may unpack to (a real board's files are a few MB), and how many entries it may hold. */
export const GERBER_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const GERBER_MAX_ENTRIES = 200;
/** No file of a board compresses better than this; a higher ratio is a bomb. */
const MAX_RATIO = 200;
/** Below this size an entry may compress as well as it likes (a short file of repeated lines does). */
const RATIO_FLOOR_BYTES = 1024 * 1024;
/**
 * Compressed bytes handed to the inflater at a time. Deflate expands at most about 1,032 times, so
 * the running limits are checked after at most ~16 MB of output, whatever the archive holds.
 */
const INFLATE_STEP_BYTES = 16 * 1024;

/**
 * File name endings of Gerber (RS-274X, X2) layers and Excellon drill files as the common CAD tools
 * (KiCad, Eagle, Altium, EasyEDA) name them. A `.txt` counts only when its name says drill (Altium
 * writes its drill file as .txt).
 */
const GERBER_EXTENSIONS = new Set([
  "gbr",
  "ger",
  "pho",
  "art",
  "gtl",
  "gbl",
  "gts",
  "gbs",
  "gto",
  "gbo",
  "gtp",
  "gbp",
  "gko",
  "gml",
  "gm1",
  "gm2",
  "gm3",
  "gm",
  "g1",
  "g2",
  "g3",
  "g4",
  "gl1",
  "gl2",
  "gl3",
  "gl4",
  "gp1",
  "gp2",
  "gpt",
  "gpb",
  "gtsm",
  "gbsm",
  "cmp",
  "sol",
  "stc",
  "sts",
  "plc",
  "pls",
  "crc",
  "crs",
  "bor",
  "dim",
  "drl",
  "drd",
  "xln",
  "exc",
  "ncd",
  "nc",
  "tap",
]);

export type GerberProblem = "not-a-zip" | "no-gerber" | "too-many-entries" | "too-large-unpacked" | "unsafe-name" | "damaged";

export interface GerberCheck {
  ok: true;
  /** the Gerber and drill files found, by name inside the archive */
  gerberFiles: string[];
  entries: number;
  unpackedBytes: number;
}

export interface GerberRefusal {
  ok: false;
  problem: GerberProblem;
  /** how many bytes were inflated before the check stopped */
  unpackedBytes: number;
}

export type GerberResult = GerberCheck | GerberRefusal;

/** Whether a name inside the archive is one the shop takes as a Gerber or drill file. */
export function isGerberName(name: string): boolean {
  const base = name.split("/").pop()!.toLowerCase();
  const dot = base.lastIndexOf(".");
  if (dot <= 0) return false;
  const extension = base.slice(dot + 1);
  if (extension === "txt") return /drill|drl|nc_?drill/.test(base);
  return GERBER_EXTENSIONS.has(extension);
}

/** A name that could climb out of a folder when unpacked: absolute, `..`, backslashes, a drive letter or a control character. */
export function isUnsafeName(name: string): boolean {
  if (!name || name.length > 255) return true;
  if (/[\u0000-\u001f\u007f\\]/.test(name)) return true;
  if (name.startsWith("/") || /^[a-zA-Z]:/.test(name)) return true;
  return name.split("/").some((part) => part === "..");
}

/** The content of a Gerber (RS-274X format statement or a G04 comment) or an Excellon drill file (M48 header). */
function looksLikeGerber(head: string): boolean {
  return /%FS[LT][AI]X\d\dY\d\d\*%|%MO(MM|IN)\*%|^G04\b|\bM48\b|^;.*drill/im.test(head);
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
interface Entry {
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

class Refused extends Error {
  constructor(readonly problem: GerberProblem) {
    super(problem);
  }
}

function u64(view: Buffer, at: number): number {
  if (at + 8 > view.length) throw new Refused("not-a-zip");
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
  if (field && (field.length < 5 || isUnsafeName(field.subarray(5).toString("utf8")))) throw new Refused("unsafe-name");
}

/**
 * The central directory's entries, each checked against its local header: the archive must be laid
 * out as written by a ZIP tool, each entry right after the previous one, from the first byte to the
 * directory. So every unpacker, whether it goes by the directory or reads the local headers in
 * order, unpacks exactly the bytes checked here: no entry hidden in a gap, none that overlaps
 * another, no name or method that differs between the two.
 */
function readEntries(data: Buffer): Entry[] {
  if (data.length < 22 || data.readUInt32LE(0) !== SIGNATURE.local) throw new Refused("not-a-zip");

  // the end-of-central-directory record: the last one whose comment fits in the file
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - MAX_U16); at--) {
    if (data.readUInt32LE(at) === SIGNATURE.end && at + 22 + data.readUInt16LE(at + 20) <= data.length) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Refused("not-a-zip");
  let count = data.readUInt16LE(end + 10);
  let directorySize = data.readUInt32LE(end + 12);
  let directoryOffset = data.readUInt32LE(end + 16);
  let directoryLimit = end;
  if (count === MAX_U16 || directorySize === MAX_U32 || directoryOffset === MAX_U32) {
    // ZIP64: a locator right before the record points to the ZIP64 end record
    const locator = end - 20;
    if (locator < 0 || data.readUInt32LE(locator) !== SIGNATURE.zip64Locator) throw new Refused("not-a-zip");
    const record = u64(data, locator + 8);
    if (record + 56 > locator || data.readUInt32LE(record) !== SIGNATURE.zip64End) throw new Refused("not-a-zip");
    count = u64(data, record + 32);
    directorySize = u64(data, record + 40);
    directoryOffset = u64(data, record + 48);
    directoryLimit = record;
  }
  if (directoryOffset + directorySize > directoryLimit) throw new Refused("not-a-zip");
  if (count > GERBER_MAX_ENTRIES) throw new Refused("too-many-entries");

  const entries: Entry[] = [];
  const directoryEnd = directoryOffset + directorySize;
  for (let at = directoryOffset, n = 0; n < count; n++) {
    if (at + 46 > directoryEnd || data.readUInt32LE(at) !== SIGNATURE.central) throw new Refused("not-a-zip");
    const flags = data.readUInt16LE(at + 8);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const next = at + 46 + nameLength + extraLength + data.readUInt16LE(at + 32);
    if (next > directoryEnd) throw new Refused("not-a-zip");
    const rawName = data.subarray(at + 46, at + 46 + nameLength);
    const fields = extraFields(data.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    let compressedSize = data.readUInt32LE(at + 20);
    let size = data.readUInt32LE(at + 24);
    let offset = data.readUInt32LE(at + 42);
    if (size === MAX_U32 || compressedSize === MAX_U32 || offset === MAX_U32) {
      // the real values are in the ZIP64 field, in this order, for those that did not fit
      const zip64 = fields.get(EXTRA_ZIP64);
      if (!zip64) throw new Refused("not-a-zip");
      let field = 0;
      if (size === MAX_U32) size = u64(zip64, 8 * field++);
      if (compressedSize === MAX_U32) compressedSize = u64(zip64, 8 * field++);
      if (offset === MAX_U32) offset = u64(zip64, 8 * field++);
    }
    const name = rawName.toString(flags & FLAG_UTF8 ? "utf8" : "latin1");
    if (isUnsafeName(name)) throw new Refused("unsafe-name");
    checkUnicodePath(fields);
    // a board's files are never encrypted; their content could not be checked
    if (flags & FLAG_ENCRYPTED) throw new Refused("damaged");
    entries.push({ name, rawName, flags, method: data.readUInt16LE(at + 10), compressedSize, size, offset, dataStart: 0 });
    at = next;
  }

  // the declared sizes first: an archive that admits to being too large is refused before anything is inflated
  const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (declared > GERBER_MAX_UNPACKED_BYTES) throw new Refused("too-large-unpacked");
  if (entries.some((entry) => entry.size > RATIO_FLOOR_BYTES && entry.size > entry.compressedSize * MAX_RATIO)) throw new Refused("too-large-unpacked");

  // the layout: from the first byte, each local header right after the previous entry's data (and its descriptor)
  const byOffset = [...entries].sort((a, b) => a.offset - b.offset);
  let expected = 0;
  for (const [index, entry] of byOffset.entries()) {
    const at = entry.offset;
    if (at !== expected || at + 30 > directoryOffset || data.readUInt32LE(at) !== SIGNATURE.local) throw new Refused("damaged");
    const flags = data.readUInt16LE(at + 6);
    const nameLength = data.readUInt16LE(at + 26);
    const extraLength = data.readUInt16LE(at + 28);
    entry.dataStart = at + 30 + nameLength + extraLength;
    const dataEnd = entry.dataStart + entry.compressedSize;
    if (dataEnd > directoryOffset) throw new Refused("damaged");
    if (data.readUInt16LE(at + 8) !== entry.method || !data.subarray(at + 30, at + 30 + nameLength).equals(entry.rawName)) throw new Refused("damaged");
    checkUnicodePath(extraFields(data.subarray(at + 30 + nameLength, entry.dataStart)));
    // sizes in the local header are what a streaming unpacker goes by: they must be the directory's
    if (!(flags & FLAG_DATA_DESCRIPTOR)) {
      const localCompressed = data.readUInt32LE(at + 18);
      const localSize = data.readUInt32LE(at + 22);
      if ((localCompressed !== MAX_U32 && localCompressed !== entry.compressedSize) || (localSize !== MAX_U32 && localSize !== entry.size))
        throw new Refused("damaged");
    }
    const after = byOffset[index + 1]?.offset ?? directoryOffset;
    const gaps = flags & FLAG_DATA_DESCRIPTOR ? DESCRIPTOR_LENGTHS : [0];
    if (!gaps.some((gap) => dataEnd + gap === after)) throw new Refused("damaged");
    expected = after;
  }
  // (an empty directory with a local header before it hides that entry)
  if (expected !== directoryOffset) throw new Refused("damaged");
  return entries;
}

/**
 * Checks an upload is a ZIP that holds Gerber or drill files and is safe to keep and unpack: a ZIP
 * by its signature and central directory, laid out as a ZIP tool writes one (see readEntries), at
 * most GERBER_MAX_ENTRIES entries, no name that could climb out of a folder, and at least one
 * Gerber or drill file whose content is one. Sizes are checked as declared, then again while
 * inflating, on the bytes actually produced, whatever the headers claim: the inflater is fed a
 * small step at a time, and the check stops at the first step past a limit: GERBER_MAX_UNPACKED_BYTES
 * in all, and per entry its declared size and 200 times its compressed bytes (above 1 MB). Nothing
 * is written anywhere. Synchronous and CPU-bound: the shop runs it in a worker thread
 * (gerber-inspector.ts).
 */
export function checkGerberZip(input: Uint8Array): GerberResult {
  const data = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  let unpacked = 0;
  const refuse = (problem: GerberProblem): GerberRefusal => ({ ok: false, problem, unpackedBytes: unpacked });

  let entries: Entry[];
  try {
    entries = readEntries(data);
  } catch (error) {
    if (error instanceof Refused) return refuse(error.problem);
    return refuse("not-a-zip");
  }

  const gerberFiles: string[] = [];
  for (const entry of entries) {
    const gerber = isGerberName(entry.name);
    let head = "";
    let entryBytes = 0;
    let problem: GerberProblem | null = null;
    const take = (chunk: Uint8Array) => {
      if (problem) return;
      unpacked += chunk.length;
      entryBytes += chunk.length;
      if (
        unpacked > GERBER_MAX_UNPACKED_BYTES ||
        entryBytes > entry.size ||
        (entryBytes > RATIO_FLOOR_BYTES && entryBytes > entry.compressedSize * MAX_RATIO)
      ) {
        problem = "too-large-unpacked";
        return;
      }
      if (gerber && head.length < 4096) head += Buffer.from(chunk.subarray(0, 4096 - head.length)).toString("latin1");
    };

    const compressed = data.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    if (entry.method === 0) {
      // stored: the bytes are the content
      for (let at = 0; at < compressed.length && !problem; at += INFLATE_STEP_BYTES) take(compressed.subarray(at, at + INFLATE_STEP_BYTES));
    } else if (entry.method === 8) {
      if (compressed.length === 0) {
        if (entry.size !== 0) return refuse("damaged");
      } else {
        const inflater = new Inflate((chunk) => take(chunk));
        try {
          for (let at = 0; at < compressed.length && !problem; at += INFLATE_STEP_BYTES)
            inflater.push(compressed.subarray(at, at + INFLATE_STEP_BYTES), at + INFLATE_STEP_BYTES >= compressed.length);
        } catch {
          if (!problem) problem = "damaged";
        }
      }
    } else {
      // a compression method other than stored or deflate: no CAD tool writes one
      return refuse("damaged");
    }
    if (problem) return refuse(problem);
    if (entryBytes !== entry.size) return refuse("damaged");
    if (gerber && looksLikeGerber(head)) gerberFiles.push(entry.name);
  }
  if (gerberFiles.length === 0) return refuse("no-gerber");
  return { ok: true, gerberFiles, entries: entries.length, unpackedBytes: unpacked };
}
