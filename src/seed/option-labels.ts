import type { OptionLabels } from "@/lib/variants";

/**
 * The demo catalogue's option names and values in Kiswahili, where a Tanzanian shop would write
 * them so: colours, packs, kinds of connector. Part numbers, units and sizes (4GB, 10m, 100 Ohm,
 * IP65, 22AWG) read the same in both languages and have none.
 */
const NAMES: Record<string, string> = {
  Color: "Rangi",
  "Cap Color": "Rangi ya kifuniko",
  Length: "Urefu",
  Protection: "Kinga",
  Pack: "Pakiti",
  Cable: "Waya",
  Resistance: "Ukinzani",
  Capacitance: "Kapasitansi",
  Capacity: "Uwezo",
  Voltage: "Volteji",
  Power: "Nguvu",
  Cells: "Seli",
  Size: "Ukubwa",
  Type: "Aina",
  Gauge: "Unene",
  Diameter: "Kipenyo",
};

const VALUES: Record<string, string> = {
  Black: "Nyeusi",
  White: "Nyeupe",
  Red: "Nyekundu",
  Blue: "Bluu",
  Yellow: "Njano",
  Green: "Kijani",
  Grey: "Kijivu",
  Orange: "Rangi ya chungwa",
  Clear: "Angavu",
  Transparent: "Angavu",
  "Silk Gold": "Dhahabu ya hariri",
  "Yellow-Blue": "Njano na bluu",
  "Warm White": "Nyeupe ya joto",
  "Without Cable": "Bila waya",
  "With 1m Cable": "Na waya wa mita 1",
  "Male-Male": "Dume–dume",
  "Male-Female": "Dume–jike",
  "Female-Female": "Jike–jike",
  "Male Straight": "Dume, nyoofu",
  "Female Straight": "Jike, nyoofu",
  "Male Right-Angle": "Dume, pembe mraba",
};

/** A pack of pieces in Kiswahili: "1 pc" → "Kipande 1", "10 pcs" → "Vipande 10". */
function packLabel(value: string): string | undefined {
  const pieces = /^(\d+) pcs?$/.exec(value);
  if (!pieces) return undefined;
  return pieces[1] === "1" ? "Kipande 1" : `Vipande ${pieces[1]}`;
}

/** The Kiswahili labels of the attributes and values these variants use (undefined when none has one). */
export function swahiliOptionLabels(variants: readonly { attributes: Record<string, string> }[]): OptionLabels | undefined {
  const labels: OptionLabels = {};
  for (const variant of variants)
    for (const [attribute, value] of Object.entries(variant.attributes)) {
      const name = NAMES[attribute];
      const word = VALUES[value] ?? packLabel(value);
      if (!name && !word) continue;
      const entry = (labels[attribute] ??= name ? { name } : {});
      if (word) entry.values = { ...entry.values, [value]: word };
    }
  return Object.keys(labels).length ? labels : undefined;
}
