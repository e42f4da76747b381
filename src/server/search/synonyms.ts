import type { Locale } from "@/lib/locale";
import type { QueryChunk } from "./terms";

const TEMPERATURE = ["temperature", "thermal", "thermistor"];
const HUMIDITY = ["humidity", "moisture"];

/**
 * Words shoppers type for the catalogue's things, per language, mapped to the catalogue's own
 * (English) word. The catalogue is written in English; a Kiswahili reader searches "betri" and
 * means batteries. Every table applies to every query: people mix languages in one search, and an
 * English page is no reason to refuse a Kiswahili word. A word maps to the one catalogue word that
 * finds what it names (prefix-matched like every search word: "led" finds LEDs).
 */
export const SEARCH_SYNONYMS: Record<Locale, Readonly<Record<string, string>>> = {
  sw: {
    betri: "battery",
    beteri: "battery",
    taa: "led",
    balbu: "bulb",
    waya: "wire",
    nyaya: "wire",
    kebo: "cable",
    kebuli: "cable",
    swichi: "switch",
    sola: "solar",
    jua: "solar",
    paneli: "panel",
    mota: "motor",
    injini: "motor",
    pampu: "pump",
    kihisi: "sensor",
    vihisi: "sensor",
    skrini: "display",
    chaja: "charger",
    spika: "speaker",
    kamera: "camera",
    roboti: "robot",
    printa: "printer",
    bodi: "board",
    umeme: "power",
    transfoma: "transformer",
    feni: "fan",
    kengele: "buzzer",
    rimoti: "remote",
    resista: "resistor",
    kapasita: "capacitor",
    diodi: "diode",
    transista: "transistor",
    antena: "antenna",
    moduli: "module",
    zana: "tool",
    tepu: "tape",
    saketi: "circuit",
    kipimo: "meter",
    mita: "meter",
    multimita: "multimeter",
    multimeta: "multimeter",
    sensa: "sensor",
    joto: "temperature",
    halijoto: "temperature",
    udongo: "soil",
    gesi: "gas",
    moshi: "smoke",
    mwanga: "light",
    sauti: "sound",
    umbali: "distance",
    mwendo: "motion",
    maji: "water",
    inverta: "inverter",
    kidhibiti: "controller",
    vidhibiti: "controller",
    plagi: "plug",
    soketi: "socket",
  },
  en: {
    accu: "battery",
    cell: "battery",
    lamp: "led",
    cord: "cable",
    lead: "cable",
  },
};

/**
 * The Kiswahili word a Kiswahili page shows for a catalogue word (an image search's keyword
 * chips): one a shopper would use, and one the search reads back as that catalogue word (every
 * entry is in the table above), so a chip searches what it says.
 */
export const SWAHILI_WORD_FOR: Readonly<Record<string, string>> = {
  battery: "betri",
  wire: "waya",
  cable: "kebo",
  switch: "swichi",
  panel: "paneli",
  motor: "mota",
  pump: "pampu",
  sensor: "kihisi",
  display: "skrini",
  charger: "chaja",
  speaker: "spika",
  camera: "kamera",
  robot: "roboti",
  board: "bodi",
  transformer: "transfoma",
  fan: "feni",
  buzzer: "kengele",
  remote: "rimoti",
  resistor: "resista",
  capacitor: "kapasita",
  diode: "diodi",
  transistor: "transista",
  antenna: "antena",
  module: "moduli",
  tool: "zana",
  tape: "tepu",
  circuit: "saketi",
  inverter: "inverta",
  controller: "kidhibiti",
  plug: "plagi",
  socket: "soketi",
};

/**
 * Kiswahili names of kinds of things that the catalogue calls by other words, or by one of several:
 * a phrase ("kipima joto", a thermometer, is no meter of heat but a temperature sensor or probe) or a
 * word with more than one meaning ("unyevu": humidity, or the soil's moisture). Each is a list of
 * groups of catalogue words: every group must match, any word of a group may. Keys are written
 * without the joining words ("sensa joto" is also "sensa ya joto"), and read before single words.
 */
export const SEARCH_PHRASES: Readonly<Record<string, readonly (readonly string[])[]>> = {
  "kipima joto": [TEMPERATURE, ["sensor", "probe", "thermistor", "camera"]],
  kipimajoto: [TEMPERATURE, ["sensor", "probe", "thermistor", "camera"]],
  "sensa joto": [TEMPERATURE, ["sensor", "probe", "thermistor"]],
  "kihisi joto": [TEMPERATURE, ["sensor", "probe", "thermistor"]],
  "vihisi joto": [TEMPERATURE, ["sensor", "probe", "thermistor"]],
  unyevu: [HUMIDITY],
  unyevunyevu: [HUMIDITY],
  "kipima unyevu": [HUMIDITY],
  "sensa unyevu": [HUMIDITY],
  "kihisi unyevu": [HUMIDITY],
  "kipima umeme": [["multimeter", "voltmeter", "clamp"]],
  "kipima umbali": [["distance"]],
  kipima: [["meter", "multimeter", "tester"]],
};

/** Kiswahili words that join others ("betri za lithiamu", "nishati ya jua") and name nothing. */
const SWAHILI_JOINERS = new Set(["ya", "za", "wa", "la", "cha", "vya", "na", "kwa", "kwenye", "au"]);

const ALL_SYNONYMS: ReadonlyMap<string, string> = new Map(Object.values(SEARCH_SYNONYMS).flatMap((table) => Object.entries(table)));

/**
 * A query's words in the catalogue's language: a known word of another language replaced by the
 * catalogue's word, joining words dropped (unless they are all the query has), repeats removed.
 */
export function translateQueryWords(words: readonly string[]): string[] {
  const meaningful = words.filter((w) => !SWAHILI_JOINERS.has(w));
  const kept = meaningful.length ? meaningful : words;
  return [...new Set(kept.map((w) => ALL_SYNONYMS.get(w) ?? w))];
}

/** A query's part: words that mean catalogue words (any of each group), or a chunk to search as typed. */
export type TranslatedChunk = { meaning: readonly (readonly string[])[]; text: string } | { chunk: QueryChunk };

const LONGEST_PHRASE = Math.max(...Object.keys(SEARCH_PHRASES).map((key) => key.split(" ").length));

/**
 * A query's chunks in the catalogue's language: joining words dropped (unless they are all the
 * query has), then the longest known phrase at each place read as its catalogue words, then a
 * known word of another language as the catalogue's word; anything else as typed.
 */
export function translateQuery(chunks: readonly QueryChunk[]): TranslatedChunk[] {
  const meaningful = chunks.filter((c) => !SWAHILI_JOINERS.has(c.text));
  const kept = meaningful.length ? meaningful : chunks;
  const out: TranslatedChunk[] = [];
  for (let i = 0; i < kept.length;) {
    let matched = false;
    for (let n = Math.min(LONGEST_PHRASE, kept.length - i); n >= 1 && !matched; n--) {
      const text = kept
        .slice(i, i + n)
        .map((c) => c.text)
        .join(" ");
      const meaning = SEARCH_PHRASES[text];
      if (meaning) {
        out.push({ meaning, text });
        i += n;
        matched = true;
      }
    }
    if (matched) continue;
    const chunk = kept[i++]!;
    const word = ALL_SYNONYMS.get(chunk.text);
    out.push(word ? { meaning: [[word]], text: word } : { chunk });
  }
  return out;
}
