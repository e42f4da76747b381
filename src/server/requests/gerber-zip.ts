import { Unzip, UnzipInflate, unzipSync } from "fflate";

/** A Gerber ZIP as uploaded: at most 10 MB. */
export const GERBER_MAX_BYTES = 10 * 1024 * 1024;
/** What the archive may unpack to (a real board's files are a few MB), and how many entries it may hold. */
export const GERBER_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const GERBER_MAX_ENTRIES = 200;
/** No file of a board compresses better than this; a higher ratio is a bomb. */
const MAX_RATIO = 200;

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

/**
 * Checks an upload is a ZIP that holds Gerber or drill files and is safe to keep and unpack: a ZIP
 * by its signature and central directory, at most GERBER_MAX_ENTRIES entries, no name that could
 * climb out of a folder, at most GERBER_MAX_UNPACKED_BYTES unpacked and no entry compressed past a
 * bomb's ratio (counted while inflating, so a directory that lies about sizes gains nothing), and at
 * least one Gerber or drill file whose content is one. Nothing is written anywhere.
 */
export function checkGerberZip(data: Uint8Array): GerberCheck | { ok: false; problem: GerberProblem } {
  const fail = (problem: GerberProblem) => ({ ok: false as const, problem });
  // a local file header first, and an end-of-central-directory record near the end
  if (data.length < 22 || data[0] !== 0x50 || data[1] !== 0x4b || data[2] !== 0x03 || data[3] !== 0x04) return fail("not-a-zip");
  const tail = Buffer.from(data.subarray(Math.max(0, data.length - 65_557)));
  if (tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) < 0) return fail("not-a-zip");

  // the central directory: names and declared sizes, without inflating anything
  const listed: { name: string; size: number; originalSize: number }[] = [];
  try {
    unzipSync(data, {
      filter: (file) => {
        listed.push({ name: file.name, size: file.size, originalSize: file.originalSize });
        return false;
      },
    });
  } catch {
    return fail("not-a-zip");
  }
  if (listed.length > GERBER_MAX_ENTRIES) return fail("too-many-entries");
  if (listed.some((entry) => isUnsafeName(entry.name))) return fail("unsafe-name");
  const declared = listed.reduce((sum, entry) => sum + entry.originalSize, 0);
  if (declared > GERBER_MAX_UNPACKED_BYTES) return fail("too-large-unpacked");
  if (listed.some((entry) => entry.originalSize > 1024 * 1024 && entry.originalSize > entry.size * MAX_RATIO)) return fail("too-large-unpacked");

  // the entries themselves, inflated and counted: local names must pass too, and the real sizes
  let problem: GerberProblem | null = null;
  let unpacked = 0;
  let entries = 0;
  const gerberFiles: string[] = [];
  const unzip = new Unzip((file) => {
    entries++;
    if (problem) return;
    if (entries > GERBER_MAX_ENTRIES) {
      problem = "too-many-entries";
      return;
    }
    if (isUnsafeName(file.name)) {
      problem = "unsafe-name";
      return;
    }
    if (file.name.endsWith("/")) return;
    const gerber = isGerberName(file.name);
    let head = "";
    let entryBytes = 0;
    file.ondata = (error, chunk, final) => {
      if (problem) return;
      if (error) {
        problem = "damaged";
        return;
      }
      unpacked += chunk.length;
      entryBytes += chunk.length;
      if (unpacked > GERBER_MAX_UNPACKED_BYTES || (entryBytes > 1024 * 1024 && entryBytes > (file.size ?? 0) * MAX_RATIO && (file.size ?? 0) > 0)) {
        problem = "too-large-unpacked";
        file.terminate();
        return;
      }
      if (gerber && head.length < 4096) head += Buffer.from(chunk.subarray(0, 4096 - head.length)).toString("latin1");
      if (final && gerber && looksLikeGerber(head)) gerberFiles.push(file.name);
    };
    try {
      file.start();
    } catch {
      // a compression method other than stored or deflate: no CAD tool writes one
      problem = "damaged";
    }
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(data, true);
  } catch {
    if (!problem) problem = "damaged";
  }
  if (problem) return fail(problem);
  if (gerberFiles.length === 0) return fail("no-gerber");
  return { ok: true, gerberFiles, entries: listed.length, unpackedBytes: unpacked };
}
