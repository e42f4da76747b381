import { ZipRefused, isUnsafeName, readZipEntries, unpackEntry, type ZipEntry, type ZipLimits, type ZipProblem } from "../media/zip-archive";

export { isUnsafeName };

/** A Gerber ZIP as uploaded: at most 10 MB. */
export const GERBER_MAX_BYTES = 10 * 1024 * 1024;
/** What the archive may unpack to (a real board's files are a few MB), and how many entries it may hold. */
export const GERBER_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const GERBER_MAX_ENTRIES = 200;
/** No file of a board compresses better than 200:1 (above 1 MB); a higher ratio is a bomb. */
const LIMITS: ZipLimits = { maxEntries: GERBER_MAX_ENTRIES, maxUnpackedBytes: GERBER_MAX_UNPACKED_BYTES, maxRatio: 200 };

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

export type GerberProblem = ZipProblem | "no-gerber";

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

/** The content of a Gerber (RS-274X format statement or a G04 comment) or an Excellon drill file (M48 header). */
function looksLikeGerber(head: string): boolean {
  return /%FS[LT][AI]X\d\dY\d\d\*%|%MO(MM|IN)\*%|^G04\b|\bM48\b|^;.*drill/im.test(head);
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

  let entries: ZipEntry[];
  try {
    entries = readZipEntries(data, LIMITS);
  } catch (error) {
    if (error instanceof ZipRefused) return refuse(error.problem);
    return refuse("not-a-zip");
  }

  const gerberFiles: string[] = [];
  const budget = { unpacked: 0 };
  for (const entry of entries) {
    const gerber = isGerberName(entry.name);
    let head = "";
    const problem = unpackEntry(data, entry, LIMITS, budget, (chunk) => {
      if (gerber && head.length < 4096) head += Buffer.from(chunk.subarray(0, 4096 - head.length)).toString("latin1");
    });
    unpacked = budget.unpacked;
    if (problem) return refuse(problem);
    if (gerber && looksLikeGerber(head)) gerberFiles.push(entry.name);
  }
  if (gerberFiles.length === 0) return refuse("no-gerber");
  return { ok: true, gerberFiles, entries: entries.length, unpackedBytes: unpacked };
}
