/**
 * A large synthetic catalogue for benchmarks that looks real to search: product `k` (1, 2, 3, …)
 * is made from a PRNG seeded by k alone, so any range of products can be generated on its own
 * and every run gives the same products. Each product belongs to a product family (SMD
 * resistors, MOSFETs, pin headers, LiPo batteries, …) with its own values, packages, brands and
 * manufacturer-style part numbers; families are spread over the demo categories with a
 * popularity skew (passive parts and semiconductors far outnumber 3D printers). Names and part
 * numbers are distinct: every part number ends in a code that is unique per k.
 *
 * Pure (no database): src/seed/bulk.ts loads the rows.
 */
import { fnv1a, mulberry32 } from "@/lib/random";
import { slugify } from "@/lib/slug";
import type { VariantConfig } from "@/lib/variants";
import { swahiliOptionLabels } from "./option-labels";
import type { SeedSpecText } from "./catalog/spec-attributes";

type Rng = () => number;

/** The shop SKU of bulk product k: "KE-B0000001" (no demo category code starts with B). */
export const BULK_SKU_PREFIX = "KE-B";
export const bulkSku = (k: number): string => `${BULK_SKU_PREFIX}${String(k).padStart(7, "0")}`;

const SALT = 0x5eed_b01c;
const DAY_MS = 86_400_000;

const pick = <T>(r: Rng, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const int = (r: Rng, min: number, max: number): number => min + Math.floor(r() * (max - min + 1));
/**
 * One of `choices` by weight, from one draw like `pick`: real catalogues hold far more 0805 and
 * 0603 chips and E6 values than 2512 chips and 4.7 Ω parts.
 */
const weighted = <T>(r: Rng, choices: readonly (readonly [T, number])[]): T => {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  let u = r() * total;
  for (const [value, w] of choices) {
    if ((u -= w) < 0) return value;
  }
  return choices.at(-1)![0];
};
/** Log-uniform between min and max: cheap things far more common than dear ones. */
const logUniform = (r: Rng, min: number, max: number): number => Math.exp(Math.log(min) + r() * (Math.log(max) - Math.log(min)));

/** Whole shillings, rounded to 500 below 100,000 and to 1,000 from there up (as the demo catalogue). */
export function roundTzs(amount: number): number {
  const step = amount >= 100_000 ? 1000 : 500;
  return Math.max(500, Math.round(amount / step) * step);
}

// ---------------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------------

/** The usual values, roughly by how much of a catalogue each fills (E6 values lead; 0 Ω links and 1 Ω sense parts are rare). */
const RES_WEIGHTS: Record<string, number> = {
  "0 Ohm": 1,
  "1 Ohm": 1,
  "4.7 Ohm": 1,
  "10 Ohm": 3,
  "22 Ohm": 3,
  "47 Ohm": 3,
  "100 Ohm": 6,
  "150 Ohm": 2,
  "220 Ohm": 6,
  "330 Ohm": 5,
  "470 Ohm": 5,
  "680 Ohm": 3,
  "1k Ohm": 9,
  "1.5k Ohm": 3,
  "2.2k Ohm": 6,
  "3.3k Ohm": 4,
  "4.7k Ohm": 8,
  "6.8k Ohm": 3,
  "10k Ohm": 12,
  "15k Ohm": 3,
  "22k Ohm": 4,
  "33k Ohm": 3,
  "47k Ohm": 5,
  "68k Ohm": 2,
  "100k Ohm": 7,
  "220k Ohm": 3,
  "470k Ohm": 3,
  "1M Ohm": 4,
};
const resistorValue = (r: Rng, values: readonly string[] = RES_VALUES): string =>
  weighted(
    r,
    values.map((v) => [v, RES_WEIGHTS[v] ?? 1] as const),
  );
const RES_VALUES = [
  "0 Ohm",
  "1 Ohm",
  "4.7 Ohm",
  "10 Ohm",
  "22 Ohm",
  "47 Ohm",
  "100 Ohm",
  "150 Ohm",
  "220 Ohm",
  "330 Ohm",
  "470 Ohm",
  "680 Ohm",
  "1k Ohm",
  "1.5k Ohm",
  "2.2k Ohm",
  "3.3k Ohm",
  "4.7k Ohm",
  "6.8k Ohm",
  "10k Ohm",
  "15k Ohm",
  "22k Ohm",
  "33k Ohm",
  "47k Ohm",
  "68k Ohm",
  "100k Ohm",
  "220k Ohm",
  "470k Ohm",
  "1M Ohm",
];
const CAP_CERAMIC = [
  "10pF",
  "22pF",
  "33pF",
  "100pF",
  "470pF",
  "1nF",
  "4.7nF",
  "10nF",
  "22nF",
  "47nF",
  "100nF",
  "220nF",
  "470nF",
  "1µF",
  "2.2µF",
  "4.7µF",
  "10µF",
  "22µF",
];
const CAP_ELECTRO = ["1µF", "2.2µF", "4.7µF", "10µF", "22µF", "47µF", "100µF", "220µF", "470µF", "1000µF", "2200µF", "3300µF", "4700µF"];
const INDUCTORS = ["1µH", "2.2µH", "3.3µH", "4.7µH", "10µH", "15µH", "22µH", "33µH", "47µH", "68µH", "100µH", "220µH", "470µH", "1mH"];
/** Chip sizes by share: 0805 and 0603 most, 2512 (power) rare. */
const SMD_SHARE = [
  ["0402", 15],
  ["0603", 32],
  ["0805", 35],
  ["1206", 14],
  ["2512", 4],
] as const;
/** A chip resistor's rating by its size. */
const SMD_POWER: Record<string, string> = { "0402": "0.0625W", "0603": "0.1W", "0805": "0.125W", "1206": "0.25W", "2512": "1W" };
const PACKS = [10, 50, 100, 500, 1000];
const COLOURS = ["Red", "Green", "Blue", "Yellow", "White", "Warm White", "Orange", "RGB"];
const WIRE_COLOURS = ["Black", "Red", "Blue", "Green", "Yellow", "White", "Orange", "Brown", "Grey"];
const VOLTAGES = ["1.8V", "2.5V", "3.3V", "5V", "9V", "12V", "15V", "24V"];

/** "10k Ohm" → "10K0", "4.7µF" → "4U7" : the value part of a part number. */
function valueCode(value: string): string {
  return value
    .replace(/\s*Ohm$/, "R")
    .replace(/µ/, "U")
    .replace(/(\d)\.(\d)/, (_, a: string, b: string) => `${a}#${b}`)
    .replace(/^(\d+)([a-zA-Z]+)$/, "$1$2")
    .replace(/(\d)#(\d)([a-zA-Z]*)/, (_, a: string, b: string, unit: string) => `${a}${(unit[0] ?? "R").toUpperCase()}${b}`)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
}

const DIODE_TYPES: Record<string, string> = { "Schottky Diode": "Schottky diode", "Zener Diode": "Zener diode", "TVS Diode": "TVS diode" };

/** The generic ICs' kinds and pin counts (the package name is the family with its pins: "DIP-16"). */
const LOGIC_ICS: Record<string, { type: string; pins: number }> = {
  "74HC00": { type: "Logic IC", pins: 14 },
  "74HC04": { type: "Logic IC", pins: 14 },
  "74HC08": { type: "Logic IC", pins: 14 },
  "74HC244": { type: "Logic IC", pins: 20 },
  "74HC595": { type: "Logic IC", pins: 16 },
  CD4017: { type: "Logic IC", pins: 16 },
  LM358: { type: "Op-amp", pins: 8 },
  LM324: { type: "Op-amp", pins: 14 },
  NE555: { type: "Timer IC", pins: 8 },
  LM393: { type: "Comparator", pins: 8 },
  ADS1115: { type: "Data converter IC", pins: 10 },
  MCP4725: { type: "Data converter IC", pins: 6 },
  MAX485: { type: "Interface IC", pins: 8 },
  SN65HVD230: { type: "Interface IC", pins: 8 },
  MCP23017: { type: "Logic IC", pins: 28 },
  DRV8833: { type: "Driver IC", pins: 16 },
  PAM8403: { type: "Audio amplifier", pins: 16 },
  PC817: { type: "Optocoupler", pins: 4 },
};

/** The generic cables' kinds and the connectors at their ends. */
const CABLE_SPECS: Record<string, { type: string; connector: string[] }> = {
  "USB-A to USB-C": { type: "USB cable", connector: ["USB-A", "USB-C"] },
  "USB-C to USB-C": { type: "USB cable", connector: ["USB-C"] },
  "USB-A to Micro USB": { type: "USB cable", connector: ["USB-A", "Micro-USB"] },
  "USB-A to USB-B": { type: "USB cable", connector: ["USB-A", "USB-B"] },
  "HDMI to HDMI": { type: "Video cable", connector: ["HDMI"] },
  "Micro HDMI to HDMI": { type: "Video cable", connector: ["Micro-HDMI", "HDMI"] },
  "DisplayPort to HDMI": { type: "Video cable", connector: ["DisplayPort", "HDMI"] },
  "Cat6 Ethernet Patch": { type: "Network cable", connector: ["RJ45"] },
  "DC 5.5x2.1mm Extension": { type: "Power cable", connector: ["DC 5.5x2.1mm"] },
  "SMA to SMA Coaxial": { type: "RF cable", connector: ["SMA"] },
};

/** What the generic sensor modules are and measure. */
const SENSOR_SPECS: Record<string, { type: string; measures?: string[] }> = {
  "Temperature & Humidity Sensor": { type: "Sensor", measures: ["Temperature", "Humidity"] },
  "Barometric Pressure Sensor": { type: "Sensor", measures: ["Pressure", "Temperature"] },
  "Environmental Sensor": { type: "Sensor", measures: ["Pressure", "Temperature", "Humidity"] },
  "6-Axis IMU": { type: "Sensor", measures: ["Acceleration", "Rotation"] },
  "9-Axis IMU": { type: "Sensor", measures: ["Acceleration", "Rotation", "Magnetic field"] },
  "Ultrasonic Distance Sensor": { type: "Sensor", measures: ["Distance"] },
  "Time-of-Flight Distance Sensor": { type: "Sensor", measures: ["Distance"] },
  "Ambient Light Sensor": { type: "Sensor", measures: ["Light"] },
  "Colour Sensor": { type: "Sensor", measures: ["Colour", "Light"] },
  "Gas Sensor": { type: "Sensor", measures: ["Gas"] },
  "CO2 Sensor": { type: "Sensor", measures: ["CO2", "Temperature", "Humidity"] },
  "Current Sensor": { type: "Sensor", measures: ["Current"] },
  "Soil Moisture Sensor": { type: "Sensor", measures: ["Soil moisture"] },
  "PIR Motion Sensor": { type: "Sensor", measures: ["Motion"] },
  "Hall Effect Sensor": { type: "Sensor", measures: ["Magnetic field"] },
  "Load Cell Amplifier": { type: "Sensor", measures: ["Weight"] },
  "Heart Rate Sensor": { type: "Sensor", measures: ["Heart rate"] },
  "Real Time Clock": { type: "Real-time clock" },
  "GPS Module": { type: "Sensor", measures: ["Position"] },
  "Thermocouple Amplifier": { type: "Sensor", measures: ["Temperature"] },
};

/** The generic batteries' chemistry, cell size and cells in series. */
const BATTERY_SPECS: Record<string, { chemistry: string; cell?: string; cells?: string }> = {
  "Li-ion 18650": { chemistry: "Li-ion", cell: "18650", cells: "1S" },
  "Li-ion 21700": { chemistry: "Li-ion", cell: "21700", cells: "1S" },
  LiPo: { chemistry: "LiPo", cells: "1S" },
  "LiPo 2S": { chemistry: "LiPo", cells: "2S" },
  "LiPo 3S": { chemistry: "LiPo", cells: "3S" },
  "LiFePO4 32700": { chemistry: "LiFePO4", cell: "32700", cells: "1S" },
  "NiMH AA": { chemistry: "NiMH", cell: "AA" },
  "CR2032 Coin Cell": { chemistry: "Lithium coin", cell: "CR2032" },
};

const DC_DC_TYPES: Record<string, string> = {
  "Buck Converter Module": "Buck converter",
  "Boost Converter Module": "Boost converter",
  "Buck-Boost Converter": "Buck-boost converter",
  "Isolated DC-DC Converter": "Isolated DC-DC converter",
  "Switching Power Supply": "Power supply",
  "Battery Charger Module": "Charger module",
};

/** A generic board's memory as its name gives it ("N16R8": 16 MB flash, 8 MB PSRAM). */
const BOARD_MEMORY: Record<string, Record<string, string>> = {
  "4MB Flash": { flash: "4MB" },
  "8MB Flash": { flash: "8MB" },
  "16MB Flash": { flash: "16MB" },
  "2MB Flash": { flash: "2MB" },
  N8R2: { flash: "8MB", ram: "2MB" },
  N16R8: { flash: "16MB", ram: "8MB" },
};

/** Chip, core, clock, logic voltage and radios of each chip family a generic board name starts with. */
const BOARD_CHIPS: readonly (readonly [RegExp, Record<string, SeedSpecText>])[] = [
  [/ESP32-S3|Nano ESP32/, { chip: "ESP32-S3", core: "Xtensa LX7", frequency: "240MHz", voltage: "3V3", radios: ["Wi-Fi", "Bluetooth LE"] }],
  [/ESP32-C3/, { chip: "ESP32-C3", core: "RISC-V", frequency: "160MHz", voltage: "3V3", radios: ["Wi-Fi", "Bluetooth LE"] }],
  [/ESP32-C6/, { chip: "ESP32-C6", core: "RISC-V", frequency: "160MHz", voltage: "3V3", radios: ["Wi-Fi", "Bluetooth LE"] }],
  [/ESP32/, { chip: "ESP32", core: "Xtensa LX6", frequency: "240MHz", voltage: "3V3", radios: ["Wi-Fi", "Bluetooth", "Bluetooth LE"] }],
  [/RP2350/, { chip: "RP2350", core: ["Arm Cortex-M33", "RISC-V"], frequency: "150MHz", voltage: "3V3" }],
  [/RP2040 Pico W/, { chip: "RP2040", core: "Arm Cortex-M0+", frequency: "133MHz", voltage: "3V3", radios: "Wi-Fi" }],
  [/RP2040/, { chip: "RP2040", core: "Arm Cortex-M0+", frequency: "133MHz", voltage: "3V3" }],
  [/Uno R4/, { chip: "Renesas RA4M1", core: "Arm Cortex-M4", frequency: "48MHz", voltage: "5V" }],
  [/Nano Every/, { chip: "ATmega4809", core: "AVR 8-bit", frequency: "20MHz", voltage: "5V" }],
  [/Nano 33 IoT/, { chip: "SAMD21", core: "Arm Cortex-M0+", frequency: "48MHz", voltage: "3V3", radios: ["Wi-Fi", "Bluetooth LE"] }],
  [/SAMD21/, { chip: "SAMD21", core: "Arm Cortex-M0+", frequency: "48MHz", voltage: "3V3" }],
  [/STM32F411/, { chip: "STM32F411", core: "Arm Cortex-M4", frequency: "100MHz", voltage: "3V3" }],
  [/STM32/, { voltage: "3V3" }],
  [/nRF52840/, { chip: "nRF52840", core: "Arm Cortex-M4", frequency: "64MHz", voltage: "3V3", radios: "Bluetooth LE" }],
  [/ATmega2560/, { chip: "ATmega2560", core: "AVR 8-bit", frequency: "16MHz", voltage: "5V" }],
  [/Arduino (Nano|Uno) Compatible/, { chip: "ATmega328P", core: "AVR 8-bit", frequency: "16MHz", voltage: "5V" }],
];
const boardSpecs = (board: string): Record<string, SeedSpecText> => BOARD_CHIPS.find(([pattern]) => pattern.test(board))?.[1] ?? {};

/** The generic wireless modules' kinds, radios, bands and interfaces, by chip. */
const WIRELESS_SPECS: Record<string, Record<string, SeedSpecText>> = {
  SX1276: { type: "LoRa module", radios: "LoRa", frequency: "868MHz", interface: "SPI", voltage: "3.3V" },
  SX1278: { type: "LoRa module", radios: "LoRa", frequency: "433MHz", interface: "SPI", voltage: "3.3V" },
  SX1262: { type: "LoRa module", radios: "LoRa", frequency: "915MHz", interface: "SPI", voltage: "3.3V" },
  A7670E: { type: "Cellular module", radios: "4G LTE", interface: "UART" },
  EC25: { type: "Cellular module", radios: ["4G LTE", "GNSS"], interface: ["UART", "USB"] },
  SIM800C: { type: "Cellular module", radios: "2G GSM", frequency: ["850MHz", "900MHz", "1800MHz", "1900MHz"], interface: "UART" },
  BC66: { type: "Cellular module", radios: "NB-IoT", interface: "UART" },
  "ESP-12F": { type: "Wi-Fi module", radios: "Wi-Fi", frequency: "2.4GHz", interface: "UART", voltage: "3.3V" },
  "ESP32-C3-MINI-1": { type: "Wi-Fi module", radios: ["Wi-Fi", "Bluetooth LE"], frequency: "2.4GHz", interface: "UART", voltage: "3.3V" },
  "HM-10": { type: "Bluetooth module", radios: "Bluetooth LE", frequency: "2.4GHz", interface: "UART" },
  CC2530: { type: "Zigbee module", radios: "Zigbee", frequency: "2.4GHz", interface: "UART" },
  "nRF24L01+ PA LNA": { type: "RF transceiver", radios: "2.4 GHz RF", frequency: "2.4GHz", interface: "SPI", voltage: "3.3V" },
  "NEO-M9N": { type: "GNSS module", radios: "GNSS", interface: "UART" },
  W5500: { type: "Ethernet module", interface: ["SPI", "Ethernet"], voltage: "3.3V" },
};
const ANTENNAS: Record<string, string> = {
  "PCB Antenna": "PCB antenna",
  "IPEX Connector": "IPEX (u.FL)",
  "SMA Antenna": "SMA",
  "Spring Antenna": "Spring antenna",
};

/** A resolution as the displays' attribute lists it: the longer side first ("128x160" is "160x128"), character LCDs by their grid. */
function displayResolution(res: string): string {
  if (res === "1602") return "16x2 characters";
  if (res === "2004") return "20x4 characters";
  const [a = 0, b = 0] = res.split("x").map(Number);
  return `${Math.max(a, b)}x${Math.min(a, b)}`;
}

const MOTOR_TYPES: Record<string, string> = {
  "DC Gear Motor": "Gear motor",
  "NEMA 17 Stepper Motor": "Stepper motor",
  "NEMA 23 Stepper Motor": "Stepper motor",
  "Micro Servo": "Servo",
  "Metal Gear Servo": "Servo",
  "Brushless DC Motor": "Brushless motor",
  "Vibration Motor": "Vibration motor",
  "Stepper Motor Driver": "Stepper driver",
  "DC Motor Driver": "DC motor driver",
};

const PROTOTYPING: Record<string, Record<string, string>> = {
  Perfboard: { type: "Perfboard", pitch: "2.54mm" },
  Stripboard: { type: "Stripboard", pitch: "2.54mm" },
  "Copper Clad Board": { type: "Copper clad board", material: "FR4" },
  "ABS Project Enclosure": { type: "Enclosure", material: "ABS" },
  "Aluminium Enclosure": { type: "Enclosure", material: "Aluminium" },
  "Nylon Standoff Kit": { type: "Standoffs", material: "Nylon" },
  "Brass Standoff Kit": { type: "Standoffs", material: "Brass" },
  "Solderless Breadboard": { type: "Breadboard", pitch: "2.54mm" },
};

/** A board's or box's outline ("100x70mm"), a standoff's length ("M3 10mm"). */
function prototypingSpecs(kind: string, size: string): Record<string, string> {
  const outline = /^(\d+)x(\d+)mm$/.exec(size);
  const dimensions: Record<string, string> = outline ? { length: `${outline[1]}mm`, width: `${outline[2]}mm` } : { length: size.slice(size.indexOf(" ") + 1) };
  return { ...PROTOTYPING[kind]!, ...dimensions };
}

const TOOL_TYPES: Record<string, string> = {
  "Flush Cutter": "Cutter",
  "Needle Nose Pliers": "Pliers",
  "Precision Screwdriver Set": "Screwdrivers",
  "ESD Tweezers": "Tweezers",
  "Crimping Tool": "Crimper",
  "Wire Stripper": "Wire stripper",
  "Solder Wire 63/37": "Solder wire",
  "Lead-Free Solder Wire": "Solder wire",
  "Soldering Tip": "Soldering tips",
  "Digital Multimeter": "Multimeter",
  "Clamp Meter": "Clamp meter",
  "Desoldering Braid": "Desoldering braid",
};

/** A tool's kind; solder by its alloy, wire diameter or reel weight (the size its name gives). */
function toolSpecs(kind: string, size: string): Record<string, string> {
  const specs: Record<string, string> = { type: TOOL_TYPES[kind]! };
  if (kind.startsWith("Solder Wire 63/37")) specs.alloy = "Sn63/Pb37";
  if (kind.includes("Solder Wire")) {
    if (/^[\d.]+mm$/.test(size) && parseFloat(size) < 2) specs.diameter = size;
    if (/^\d+g$/.test(size)) specs.weight = size;
  }
  return specs;
}

const SOLAR_SPECS: Record<string, Record<string, string>> = {
  "Monocrystalline Solar Panel": { type: "Solar panel", cell_type: "Monocrystalline" },
  "Polycrystalline Solar Panel": { type: "Solar panel", cell_type: "Polycrystalline" },
  "MPPT Charge Controller": { type: "MPPT charge controller" },
  "PWM Charge Controller": { type: "PWM charge controller" },
  "Pure Sine Wave Inverter": { type: "Inverter" },
  "Hybrid Inverter": { type: "Hybrid inverter" },
  "LiFePO4 Battery": { type: "Battery", chemistry: "LiFePO4" },
  "Deep Cycle Gel Battery": { type: "Battery", chemistry: "Lead-acid gel" },
};

const ROBOT_SPECS: Record<string, Record<string, string>> = {
  "2WD Robot Car Kit": { type: "Robot car kit", drive: "2WD" },
  "4WD Robot Car Kit": { type: "Robot car kit", drive: "4WD" },
  "Mecanum Robot Car Kit": { type: "Robot car kit", drive: "Mecanum" },
  "Tank Robot Kit": { type: "Robot car kit", drive: "Tracked" },
  "Robotic Arm Kit": { type: "Robotic arm" },
  "Line Follower Kit": { type: "Line follower kit" },
  "Quadruped Robot Kit": { type: "Walking robot", drive: "Legged" },
  "Self-Balancing Robot Kit": { type: "Balancing robot", drive: "Two-wheel balancing" },
};

const STEM_TYPES: Record<string, string> = {
  "Starter Kit": "Starter kit",
  "Sensor Kit": "Sensor kit",
  "IoT Learning Kit": "Starter kit",
  "Electronics Learning Kit": "Starter kit",
  "Coding Kit": "Starter kit",
  "Solar Science Kit": "Science kit",
  "Soldering Practice Kit": "Soldering kit",
};

const packLabel = (n: number): string => (n >= 1000 ? `(Reel of ${n.toLocaleString("en-US")})` : `(Pack of ${n})`);

interface Part {
  /** the product's words, without brand and part number */
  title: string;
  /** the manufacturer part number, before its unique code */
  mpn: string;
  /** one or two sentences of specification */
  spec: string;
  /** base price in TZS (before rounding) */
  price: number;
  /** sold in packs that could be variants (10 / 100 / 1000 pcs) */
  packs?: boolean;
  /** specifications as a datasheet writes them, keys of the category's attributes (src/seed/catalog/spec-attributes.ts) */
  specs: Record<string, SeedSpecText>;
}

export interface BulkFamily {
  key: string;
  /** category slug of the demo catalogue */
  category: string;
  /** relative share of the catalogue */
  weight: number;
  brands: readonly string[];
  /** demo products whose image this family reuses (matched on the demo name; else any of its category) */
  image: RegExp;
  build: (r: Rng, brand: string) => Part;
}

export const BULK_FAMILIES: readonly BulkFamily[] = [
  // --- passive components: the long tail of any electronics shop ---
  {
    key: "smd-resistor",
    category: "passive-components",
    weight: 90,
    brands: ["Yageo", "Vishay", "Panasonic", "KOA Speer", "Bourns", "UniOhm", "Walsin"],
    image: /SMD Resistor/,
    build: (r, brand) => {
      const value = resistorValue(r);
      const size = weighted(r, SMD_SHARE);
      const tol = weighted(r, [
        ["1%", 55],
        ["5%", 40],
        ["0.1%", 5],
      ]);
      const pack = pick(r, PACKS);
      const series = { Yageo: "RC", Vishay: "CRCW", Panasonic: "ERJ-", "KOA Speer": "RK73H", Bourns: "CR", UniOhm: "0", Walsin: "WR" }[brand] ?? "RC";
      return {
        title: `${value} SMD Resistor ${size} ${tol} ${packLabel(pack)}`,
        mpn: `${series}${size}${tol === "5%" ? "J" : "F"}-${valueCode(value)}`,
        spec: `Thick film chip resistor, ${value}, ${tol} tolerance, ${size} package, 100 ppm/°C, on cut tape for pick-and-place or hand soldering.`,
        price: 1500 + pack * (tol === "0.1%" ? 60 : 8),
        packs: true,
        specs: { type: "Resistor", resistance: value, tolerance: tol, power: SMD_POWER[size]!, package: size, technology: "Thick film" },
      };
    },
  },
  {
    key: "tht-resistor",
    category: "passive-components",
    weight: 45,
    brands: ["Kilima Basics", "Yageo", "Vishay", "TE Connectivity", "Generic"],
    image: /Film Resistor/,
    build: (r) => {
      const value = resistorValue(r, RES_VALUES.slice(1));
      const film = pick(r, ["Carbon Film", "Metal Film", "Metal Oxide", "Wirewound"]);
      const watt = pick(r, ["1/4W", "1/4W", "1/2W", "1W", "2W", "5W"]);
      const pack = pick(r, [10, 20, 50, 100]);
      return {
        title: `${value} ${film} Resistor ${watt} ${film === "Carbon Film" ? "5%" : "1%"} ${packLabel(pack)}`,
        mpn: `${film === "Metal Film" ? "MFR" : film === "Carbon Film" ? "CFR" : film === "Wirewound" ? "KNP" : "MOR"}-${watt.replace("/", "")}-${valueCode(value)}`,
        spec: `Axial lead ${film.toLowerCase()} resistor, ${value} at ${watt}, for breadboards, repairs and power circuits.`,
        price: 1000 + pack * 25 * (watt === "5W" ? 8 : watt === "2W" ? 4 : 1),
        packs: true,
        specs: { type: "Resistor", resistance: value, tolerance: film === "Carbon Film" ? "5%" : "1%", power: watt, package: "Axial", technology: film },
      };
    },
  },
  {
    key: "mlcc",
    category: "passive-components",
    weight: 80,
    brands: ["Murata", "Samsung Electro-Mechanics", "TDK", "Yageo", "KEMET", "AVX"],
    image: /Ceramic Disc Capacitor/,
    build: (r, brand) => {
      const value = weighted(
        r,
        CAP_CERAMIC.map((v) => [v, v === "100nF" ? 14 : ["10nF", "1µF", "10µF", "22pF"].includes(v) ? 6 : 3] as const),
      );
      const volts = weighted(r, [
        ["6.3V", 10],
        ["10V", 14],
        ["16V", 22],
        ["25V", 22],
        ["50V", 26],
        ["100V", 6],
      ]);
      const diel = weighted(r, [
        ["X7R", 45],
        ["X5R", 25],
        ["C0G", 22],
        ["Y5V", 8],
      ]);
      const size = weighted(r, SMD_SHARE.slice(0, 4));
      const pack = pick(r, PACKS);
      const series = { Murata: "GRM", "Samsung Electro-Mechanics": "CL", TDK: "C", Yageo: "CC", KEMET: "C", AVX: "" }[brand] ?? "CC";
      return {
        title: `${value} ${volts} ${diel} Ceramic Capacitor ${size} SMD ${packLabel(pack)}`,
        mpn: `${series}${size}${diel}${valueCode(value)}${volts.replace(/\D/g, "")}`,
        spec: `Multilayer ceramic chip capacitor (MLCC), ${value}, ${volts} rated, ${diel} dielectric, ${size} case, for decoupling and filtering.`,
        price: 1500 + pack * (diel === "C0G" ? 15 : 10),
        packs: true,
        specs: { type: "Capacitor", capacitance: value, voltage: volts, dielectric: diel, package: size },
      };
    },
  },
  {
    key: "electrolytic",
    category: "passive-components",
    weight: 45,
    brands: ["Panasonic", "Nichicon", "Rubycon", "Nippon Chemi-Con", "Lelon", "Jamicon"],
    image: /Electrolytic Capacitor/,
    build: (r, brand) => {
      const value = weighted(
        r,
        CAP_ELECTRO.map((v) => [v, ["10µF", "100µF", "470µF", "1000µF"].includes(v) ? 10 : ["1µF", "22µF", "47µF", "220µF"].includes(v) ? 6 : 3] as const),
      );
      const volts = weighted(r, [
        ["6.3V", 5],
        ["10V", 8],
        ["16V", 16],
        ["25V", 18],
        ["35V", 14],
        ["50V", 16],
        ["63V", 8],
        ["100V", 6],
        ["250V", 3],
        ["400V", 3],
        ["450V", 3],
      ]);
      const temp = pick(r, ["85°C", "105°C", "105°C Low ESR"]);
      const pack = pick(r, [5, 10, 20, 50]);
      const series = { Panasonic: "EEU-FR", Nichicon: "UHE", Rubycon: "ZLH", "Nippon Chemi-Con": "EKZE", Lelon: "REA", Jamicon: "TK" }[brand] ?? "EC";
      return {
        title: `${value} ${volts} Electrolytic Capacitor ${temp} Radial ${packLabel(pack)}`,
        mpn: `${series}${volts.replace(/\D.*$/, "")}${valueCode(value)}`,
        spec: `Aluminium electrolytic capacitor, ${value} at ${volts}, ${temp}, radial leads; for power supply smoothing and audio.`,
        price: 800 + pack * 120 * (1 + CAP_ELECTRO.indexOf(value) / 6) * (parseFloat(volts) > 100 ? 3 : 1),
        packs: true,
        specs: { type: "Capacitor", capacitance: value, voltage: volts, dielectric: "Aluminium electrolytic", package: "Radial" },
      };
    },
  },
  {
    key: "inductor",
    category: "passive-components",
    weight: 25,
    brands: ["Bourns", "Murata", "TDK", "Sunlord", "Würth Elektronik", "Coilcraft"],
    image: /Ceramic Disc|Crystal/,
    build: (r, brand) => {
      const value = pick(r, INDUCTORS);
      const amps = pick(r, ["0.5A", "1A", "2A", "3A", "5A", "10A"]);
      const form = pick(r, ["SMD Power Inductor", "Shielded SMD Inductor", "Radial Choke", "Toroidal Inductor"]);
      const size = pick(r, ["4x4mm", "5x5mm", "6x6mm", "8x8mm", "10x10mm", "12x12mm"]);
      const series = { Bourns: "SRR", Murata: "LQH", TDK: "SLF", Sunlord: "SWPA", "Würth Elektronik": "744", Coilcraft: "XAL" }[brand] ?? "CD";
      return {
        title: `${value} ${amps} ${form} ${size} (Pack of 5)`,
        mpn: `${series}${size.replace(/x.*$/, "")}${valueCode(value)}`,
        spec: `${form}, ${value} inductance, ${amps} saturation current, ${size} footprint; for DC-DC converters and filters.`,
        price: 2500 + parseFloat(amps) * 700,
        specs: { type: "Inductor", inductance: value, current: amps, package: form.includes("SMD") ? "SMD" : form.startsWith("Radial") ? "Radial" : "THT" },
      };
    },
  },
  {
    key: "crystal",
    category: "passive-components",
    weight: 15,
    brands: ["Abracon", "Epson", "ECS", "TXC", "Generic"],
    image: /Crystal/,
    build: (r) => {
      const freq = pick(r, ["32.768kHz", "4MHz", "8MHz", "12MHz", "16MHz", "20MHz", "24MHz", "25MHz", "26MHz", "40MHz"]);
      const pkg = pick(r, ["HC-49S", "HC-49U", "SMD 3225", "SMD 2520", "SMD 5032"]);
      return {
        specs: { type: "Crystal", frequency: freq, package: pkg },
        title: `${freq} Crystal Oscillator ${pkg} 20ppm (Pack of 10)`,
        mpn: `X${pkg.replace(/\D/g, "").slice(0, 4) || "49"}-${freq.replace(/[^0-9.]/g, "").replace(".", "")}`,
        spec: `Quartz crystal resonator, ${freq}, ±20 ppm, ${pkg} package, for microcontroller clocks and RTCs.`,
        price: 3000 + (pkg.startsWith("SMD") ? 1500 : 0),
      };
    },
  },
  {
    key: "potentiometer",
    category: "passive-components",
    weight: 20,
    brands: ["Bourns", "Alps Alpine", "Piher", "Generic"],
    image: /Potentiometer/,
    build: (r, brand) => {
      const value = pick(r, ["500 Ohm", "1k Ohm", "2k Ohm", "5k Ohm", "10k Ohm", "20k Ohm", "50k Ohm", "100k Ohm", "500k Ohm", "1M Ohm"]);
      const kind = pick(r, [
        "Rotary Potentiometer Linear",
        "Rotary Potentiometer Log",
        "Trimmer Potentiometer 3296W",
        "Slide Potentiometer 60mm",
        "Multi-Turn Potentiometer 3590S",
      ]);
      return {
        title: `${value} ${kind}`,
        mpn: `${brand === "Bourns" ? "3296W-1-" : brand === "Alps Alpine" ? "RK09K-" : "WH148-"}${valueCode(value)}`,
        spec: `${kind} of ${value}, for volume, contrast and calibration adjustments.`,
        price: 1500 + (kind.includes("Multi") ? 9000 : kind.includes("Slide") ? 3000 : 0),
        specs: {
          type: kind.startsWith("Trimmer") ? "Trimmer potentiometer" : "Potentiometer",
          resistance: value,
          ...(kind.endsWith("Linear") ? { taper: "Linear" } : kind.endsWith("Log") ? { taper: "Logarithmic" } : {}),
          ...(kind.startsWith("Trimmer") ? { package: "THT", technology: "Cermet" } : kind.startsWith("Slide") ? {} : { package: "Panel mount" }),
        },
      };
    },
  },
  // --- semiconductors and LEDs ---
  {
    key: "led",
    category: "semiconductors-leds",
    weight: 50,
    brands: ["Everlight", "Kingbright", "OSRAM", "Cree", "Lite-On", "Generic"],
    image: /LED/,
    build: (r, brand) => {
      const colour = pick(r, COLOURS);
      const form = pick(r, ["3mm", "5mm", "5mm Diffused", "10mm", "SMD 0603", "SMD 0805", "SMD 1206", "SMD 5050", "SMD 2835"]);
      const pack = pick(r, [10, 20, 50, 100, 1000]);
      return {
        title: `${colour} LED ${form} ${packLabel(pack)}`,
        mpn: `${brand === "Kingbright" ? "WP" : brand === "OSRAM" ? "LS" : brand === "Cree" ? "C" : "LED"}${form.replace(/\D/g, "")}${colour.slice(0, 2).toUpperCase()}`,
        spec: `${colour} light-emitting diode, ${form}, 20 mA forward current; for indicators, panels and lighting.`,
        price: 1000 + pack * (form.includes("5050") ? 60 : 25),
        packs: true,
        specs: { type: "LED", colour, package: form.replace(/^SMD /, "").replace(/ Diffused$/, ""), current: "20mA" },
      };
    },
  },
  {
    key: "mosfet",
    category: "semiconductors-leds",
    weight: 35,
    brands: ["Infineon", "onsemi", "Vishay", "Nexperia", "Diodes Incorporated", "Alpha & Omega", "STMicroelectronics"],
    image: /MOSFET/,
    build: (r, brand) => {
      const channel = pick(r, ["N-Channel", "N-Channel", "P-Channel"]);
      const vds = pick(r, [20, 30, 40, 60, 100, 150, 200, 600]);
      const id = pick(r, [0.2, 2, 5, 10, 30, 50, 100]);
      const pkg = pick(r, ["SOT-23", "SOT-223", "TO-220", "TO-247", "DPAK", "D2PAK", "SO-8", "PowerPAK"]);
      const prefix =
        { Infineon: "IRF", onsemi: "NTD", Vishay: "SI", Nexperia: "PSMN", "Diodes Incorporated": "DMN", "Alpha & Omega": "AO", STMicroelectronics: "STP" }[
          brand
        ] ?? "FET";
      return {
        title: `${channel} MOSFET ${vds}V ${id}A ${pkg} (Pack of 5)`,
        mpn: `${prefix}${vds}${channel[0]}${String(id).replace(".", "")}`,
        spec: `${channel} power MOSFET, ${vds} V drain-source, ${id} A continuous drain current, ${pkg} package, logic-level gate drive.`,
        price: 2500 + vds * 10 + id * 150,
        specs: { type: "MOSFET", polarity: channel, voltage: `${vds}V`, current: `${id}A`, package: pkg },
      };
    },
  },
  {
    key: "diode",
    category: "semiconductors-leds",
    weight: 30,
    brands: ["Vishay", "onsemi", "Diodes Incorporated", "Nexperia", "Taiwan Semiconductor", "Generic"],
    image: /Diode|Rectifier/,
    build: (r) => {
      const kind = pick(r, ["Rectifier Diode", "Schottky Diode", "Zener Diode", "Fast Recovery Diode", "TVS Diode"]);
      const volts = pick(
        r,
        kind === "Zener Diode"
          ? ["2.7V", "3.3V", "4.7V", "5.1V", "6.2V", "9.1V", "12V", "15V", "24V"]
          : ["40V", "60V", "100V", "200V", "400V", "600V", "1000V"],
      );
      const amps = pick(r, ["0.5A", "1A", "2A", "3A", "5A"]);
      const pkg = pick(r, ["DO-41", "DO-201AD", "SMA", "SMB", "SOD-123", "SOD-323"]);
      const pack = pick(r, [10, 50, 100]);
      return {
        title: `${kind} ${volts} ${amps} ${pkg} ${packLabel(pack)}`,
        mpn: `${kind[0]}${kind.split(" ")[1]?.[0] ?? "D"}${volts.replace(/\D/g, "")}${pkg.replace(/\W/g, "")}`,
        spec: `${kind}, ${volts}, ${amps}, ${pkg} package; for rectification, reverse-polarity and surge protection.`,
        price: 1000 + pack * 40,
        packs: true,
        specs: { type: DIODE_TYPES[kind] ?? "Diode", voltage: volts, current: amps, package: pkg },
      };
    },
  },
  {
    key: "transistor",
    category: "semiconductors-leds",
    weight: 20,
    brands: ["onsemi", "Nexperia", "STMicroelectronics", "Diodes Incorporated", "Generic"],
    image: /Transistor/,
    build: (r) => {
      const type = pick(r, ["NPN", "PNP"]);
      const pkg = pick(r, ["TO-92", "SOT-23", "TO-220", "TO-126"]);
      const base = pick(r, ["BC547", "BC557", "2N2222", "2N3904", "2N3906", "S8050", "S8550", "TIP31", "TIP42", "MJE13005", "BD139", "BD140", "MMBT3904"]);
      const pack = pick(r, [10, 20, 50, 100]);
      return {
        title: `${type} Bipolar Transistor ${pkg} ${packLabel(pack)}`,
        mpn: `${base}${pick(r, ["A", "B", "C", ""])}`,
        spec: `General-purpose ${type} bipolar junction transistor in ${pkg}; for switching LEDs and relays and small-signal amplification.`,
        price: 1000 + pack * 40,
        packs: true,
        specs: { type: "Transistor", polarity: type, package: pkg },
      };
    },
  },
  {
    key: "regulator",
    category: "semiconductors-leds",
    weight: 25,
    brands: ["Texas Instruments", "STMicroelectronics", "Microchip", "Diodes Incorporated", "Advanced Monolithic Systems"],
    image: /Regulator/,
    build: (r, brand) => {
      const volts = pick(r, VOLTAGES.slice(0, 7));
      const amps = pick(r, ["100mA", "300mA", "500mA", "800mA", "1A", "1.5A", "3A"]);
      const kind = pick(r, ["LDO Voltage Regulator", "Linear Voltage Regulator", "Buck Converter IC", "Boost Converter IC"]);
      const pkg = pick(r, ["SOT-23-5", "SOT-223", "TO-220", "TO-252", "SOIC-8", "MSOP-8"]);
      const prefix =
        { "Texas Instruments": "TPS7", STMicroelectronics: "LD11", Microchip: "MCP17", "Diodes Incorporated": "AP2", "Advanced Monolithic Systems": "AMS11" }[
          brand
        ] ?? "LM";
      return {
        title: `${volts} ${amps} ${kind} ${pkg} (Pack of 5)`,
        mpn: `${prefix}${int(r, 10, 99)}-${volts.replace("V", "").replace(".", "")}`,
        spec: `${kind} with ${volts} output and up to ${amps}, ${pkg} package, thermal and short-circuit protection.`,
        price: 2500 + (kind.includes("Converter") ? 4000 : 0),
        specs: {
          type: kind.includes("Converter") ? "DC-DC converter IC" : "Voltage regulator",
          voltage: volts,
          current: amps,
          package: pkg,
          // typical dropouts: an LDO's few hundred millivolts, a classic linear regulator's volt and more
          ...(kind.startsWith("LDO") ? { dropout: "0.3V" } : kind.startsWith("Linear") ? { dropout: "1.1V" } : {}),
        },
      };
    },
  },
  {
    key: "logic-ic",
    category: "semiconductors-leds",
    weight: 25,
    brands: ["Texas Instruments", "Nexperia", "onsemi", "STMicroelectronics", "Analog Devices", "Microchip"],
    image: /IC|Shift Register|Timer|Op-Amp/,
    build: (r) => {
      const [fn, code] = pick(r, [
        ["Quad 2-Input NAND Gate", "74HC00"],
        ["Hex Inverter", "74HC04"],
        ["Quad 2-Input AND Gate", "74HC08"],
        ["Octal Buffer", "74HC244"],
        ["8-Bit Shift Register", "74HC595"],
        ["Decade Counter", "CD4017"],
        ["Dual Op-Amp", "LM358"],
        ["Quad Op-Amp", "LM324"],
        ["Precision Timer", "NE555"],
        ["Comparator", "LM393"],
        ["16-Bit ADC", "ADS1115"],
        ["12-Bit DAC", "MCP4725"],
        ["RS-485 Transceiver", "MAX485"],
        ["CAN Transceiver", "SN65HVD230"],
        ["I2C GPIO Expander", "MCP23017"],
        ["Motor Driver IC", "DRV8833"],
        ["Audio Amplifier", "PAM8403"],
        ["Optocoupler", "PC817"],
      ] as const);
      const pkg = pick(r, ["DIP", "SOIC", "TSSOP", "QFN"]);
      const ic = LOGIC_ICS[code]!;
      return {
        title: `${code} ${fn}${fn.endsWith("IC") ? "" : " IC"} ${pkg} (Pack of 5)`,
        mpn: `${code}${pkg === "DIP" ? "N" : pkg === "SOIC" ? "D" : pkg === "TSSOP" ? "PW" : "RGT"}`,
        spec: `${fn} integrated circuit ${code} in a ${pkg} package, 2 V to 6 V supply.`,
        price: 2000 + (code.startsWith("ADS") || code.startsWith("SN") ? 12_000 : 1500),
        specs: { type: ic.type, package: `${pkg}-${ic.pins}`, voltage: ["2V", "6V"] },
      };
    },
  },
  {
    key: "mcu-ic",
    category: "semiconductors-leds",
    weight: 15,
    brands: ["STMicroelectronics", "Microchip", "Espressif", "Raspberry Pi", "NXP", "Nordic Semiconductor"],
    image: /ATmega|ATtiny|PIC/,
    build: (r, brand) => {
      const flash = pick(r, ["16KB", "32KB", "64KB", "128KB", "256KB", "512KB", "1MB", "2MB"]);
      const pkg = pick(r, ["LQFP48", "LQFP64", "QFN32", "TSSOP20", "DIP-28", "SOIC-8"]);
      const series =
        {
          STMicroelectronics: pick(r, ["STM32F103", "STM32F411", "STM32G031", "STM32L432"]),
          Microchip: pick(r, ["ATmega328P", "ATtiny1616", "PIC18F46K22", "SAMD21G18"]),
          Espressif: pick(r, ["ESP32-C3", "ESP32-S3", "ESP32-C6"]),
          "Raspberry Pi": "RP2040",
          NXP: pick(r, ["LPC1768", "MKL25Z"]),
          "Nordic Semiconductor": pick(r, ["nRF52832", "nRF52840"]),
        }[brand] ?? "MCU";
      return {
        title: `${series} Microcontroller ${flash} Flash ${pkg}`,
        mpn: `${series}${pkg.replace(/\W/g, "").slice(0, 2)}${flash.replace(/\D/g, "")}`,
        spec: `${series} microcontroller with ${flash} flash in ${pkg}, for custom PCBs and repairs.`,
        price: 4000 + Math.log2(parseInt(flash) * (flash.endsWith("MB") ? 1024 : 1)) * 1500,
        specs: { type: "Microcontroller", flash, package: pkg },
      };
    },
  },
  // --- cables and connectors ---
  {
    key: "header",
    category: "cables-connectors",
    weight: 35,
    brands: ["Kilima Basics", "Amphenol", "Samtec", "Würth Elektronik", "Generic"],
    image: /Pin Header/,
    build: (r) => {
      const gender = pick(r, ["Male", "Female"]);
      const pitch = pick(r, ["2.54mm", "2.54mm", "2.0mm", "1.27mm"]);
      const rows = pick(r, [1, 2]);
      const pins = pick(r, [2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 40]);
      const angle = pick(r, ["Straight", "Right Angle"]);
      const pack = pick(r, [5, 10, 20]);
      return {
        title: `${pitch} ${gender} Pin Header ${rows}x${pins} ${angle} ${packLabel(pack)}`,
        mpn: `PH${pitch.replace(/\D/g, "")}-${rows}${String(pins).padStart(2, "0")}${gender[0]}${angle[0]}`,
        spec: `${gender.toLowerCase()} pin header, ${rows} row${rows > 1 ? "s" : ""} of ${pins} pins, ${pitch} pitch, ${angle.toLowerCase()}, gold-flashed contacts.`,
        price: 500 + pack * rows * pins * 25,
        specs: { type: "Pin header", connector: "Pin header", gender, pitch },
      };
    },
  },
  {
    key: "wire-connector",
    category: "cables-connectors",
    weight: 30,
    brands: ["JST", "Molex", "TE Connectivity", "Phoenix Contact", "Generic"],
    image: /JST|Molex|XT60|Terminal/,
    build: (r, brand) => {
      const series = pick(r, [
        "JST-XH 2.54mm",
        "JST-PH 2.0mm",
        "JST-SH 1.0mm",
        "Molex KK 2.54mm",
        "Molex Micro-Fit 3.0mm",
        "Screw Terminal 5.08mm",
        "Pluggable Terminal 3.81mm",
        "XT30",
        "XT60",
        "Anderson Powerpole",
      ]);
      const pins = int(r, 2, 8);
      const pack = pick(r, [5, 10, 20, 50]);
      return {
        title: `${series} ${pins}-Pin Connector Housing with Crimp Terminals ${packLabel(pack)}`,
        mpn: `${brand === "Molex" ? "22-01-" : brand === "JST" ? "XHP-" : brand === "Phoenix Contact" ? "MKDS-" : "CN-"}${pins}${int(r, 10, 99)}`,
        spec: `${series} wire-to-board connector, ${pins} positions, housings with matching crimp contacts for battery packs and wiring harnesses.`,
        price: 1500 + pack * pins * 60,
        specs: {
          type: "Connector",
          connector: series.replace(/ [\d.]+mm$/, "").replace(/ Terminal$/, " terminal"),
          ...(/[\d.]+mm$/.test(series) ? { pitch: series.slice(series.lastIndexOf(" ") + 1) } : {}),
        },
      };
    },
  },
  {
    key: "cable",
    category: "cables-connectors",
    weight: 35,
    brands: ["Kilima Basics", "UGREEN", "Anker", "Belkin", "Generic"],
    image: /Cable/,
    build: (r) => {
      const kind = pick(r, [
        "USB-A to USB-C",
        "USB-C to USB-C",
        "USB-A to Micro USB",
        "USB-A to USB-B",
        "HDMI to HDMI",
        "Micro HDMI to HDMI",
        "DisplayPort to HDMI",
        "Cat6 Ethernet Patch",
        "DC 5.5x2.1mm Extension",
        "SMA to SMA Coaxial",
      ]);
      const length = pick(r, ["0.25m", "0.5m", "1m", "1.5m", "2m", "3m", "5m", "10m"]);
      const colour = pick(r, ["Black", "White", "Grey", "Blue"]);
      return {
        title: `${kind} Cable ${length} ${colour}`,
        mpn: `${kind.replace(/[^A-Z0-9]/g, "").slice(0, 6)}-${length.replace(/\W/g, "")}${colour[0]}`,
        spec: `${kind} cable, ${length} long, ${colour.toLowerCase()} jacket, moulded strain reliefs.`,
        price: 2500 + parseFloat(length) * 1200 + (kind.includes("HDMI") || kind.includes("Display") ? 6000 : 0),
        specs: { ...CABLE_SPECS[kind]!, length, colour },
      };
    },
  },
  {
    key: "wire",
    category: "cables-connectors",
    weight: 20,
    brands: ["Kilima Basics", "Alpha Wire", "Generic"],
    image: /Wire/,
    build: (r) => {
      const awg = pick(r, [30, 28, 26, 24, 22, 20, 18, 16, 14, 12]);
      const kind = pick(r, ["Silicone Stranded Wire", "PVC Hook-Up Wire Solid Core", "PVC Hook-Up Wire Stranded", "Wire Wrap Wire", "Tinned Copper Bus Wire"]);
      const colour = pick(r, WIRE_COLOURS);
      const metres = pick(r, [5, 10, 25, 50, 100]);
      return {
        title: `${awg} AWG ${kind} ${colour} ${metres}m`,
        mpn: `W${awg}-${kind.split(" ")[0]!.slice(0, 3).toUpperCase()}-${colour.slice(0, 3).toUpperCase()}${metres}`,
        spec: `${kind}, ${awg} AWG, ${colour.toLowerCase()} insulation, ${metres} m roll.`,
        price: 1500 + (metres * 200 * 22) / awg,
        specs: { type: "Wire", gauge: `${awg} AWG`, colour, length: `${metres}m` },
      };
    },
  },
  // --- sensors and modules ---
  {
    key: "sensor-module",
    category: "sensors-modules",
    weight: 60,
    brands: ["Generic", "Adafruit", "SparkFun", "DFRobot", "Seeed Studio", "Waveshare", "Kilima Basics"],
    image: /Sensor|Module/,
    build: (r, brand) => {
      const [what, chip] = pick(r, [
        ["Temperature & Humidity Sensor", "SHT31"],
        ["Temperature & Humidity Sensor", "AHT20"],
        ["Temperature & Humidity Sensor", "DHT22"],
        ["Barometric Pressure Sensor", "BMP388"],
        ["Environmental Sensor", "BME280"],
        ["6-Axis IMU", "MPU-6050"],
        ["9-Axis IMU", "BNO055"],
        ["Ultrasonic Distance Sensor", "HC-SR04"],
        ["Time-of-Flight Distance Sensor", "VL53L1X"],
        ["Ambient Light Sensor", "BH1750"],
        ["Colour Sensor", "TCS34725"],
        ["Gas Sensor", "MQ-135"],
        ["Gas Sensor", "MQ-7"],
        ["CO2 Sensor", "SCD40"],
        ["Current Sensor", "INA219"],
        ["Current Sensor", "ACS712"],
        ["Soil Moisture Sensor", "Capacitive v2.0"],
        ["PIR Motion Sensor", "HC-SR501"],
        ["Hall Effect Sensor", "A3144"],
        ["Load Cell Amplifier", "HX711"],
        ["Heart Rate Sensor", "MAX30102"],
        ["Real Time Clock", "DS3231"],
        ["GPS Module", "NEO-M8N"],
        ["Thermocouple Amplifier", "MAX31855"],
      ] as const);
      const iface = pick(r, ["I2C", "SPI", "Analog", "UART", "Qwiic", "Grove"]);
      return {
        title: `${chip} ${what}${what.endsWith("Module") ? "" : " Module"} ${iface}`,
        mpn: `${brand === "Adafruit" ? "ADA" : brand === "SparkFun" ? "SEN-" : brand === "DFRobot" ? "SEN0" : brand === "Seeed Studio" ? "101020" : "GY-"}${chip.replace(/\W/g, "")}`,
        spec: `${what} breakout based on the ${chip}, ${iface} interface, 3.3V and 5V logic; for Arduino, ESP32 and Raspberry Pi projects.`,
        price: logUniform(r, 3000, 90_000) * (brand === "Generic" || brand === "Kilima Basics" ? 0.6 : 1.4),
        specs: {
          ...SENSOR_SPECS[what]!,
          ...(iface === "Qwiic" ? { interface: "I2C" } : iface === "Grove" ? {} : { interface: iface }),
          voltage: ["3.3V", "5V"],
        },
      };
    },
  },
  {
    key: "relay-module",
    category: "sensors-modules",
    weight: 15,
    brands: ["Generic", "Songle", "Kilima Basics", "SparkFun"],
    image: /Relay Module/,
    build: (r) => {
      const ch = pick(r, [1, 2, 4, 8, 16]);
      const volts = pick(r, ["3.3V", "5V", "12V", "24V"]);
      const kind = pick(r, ["Relay Module 10A Optocoupler", "Solid State Relay Module", "Latching Relay Module"]);
      return {
        title: `${volts} ${ch}-Channel ${kind}`,
        mpn: `RM${ch}-${volts.replace(/\D/g, "")}${kind[0]}`,
        spec: `${ch}-channel ${kind.toLowerCase()} driven from ${volts} logic, screw terminals, status LEDs.`,
        price: 2500 + ch * 2200,
        specs: { type: "Relay module", interface: "Digital", voltage: volts, ...(kind.includes("10A") ? { current: "10A" } : {}) },
      };
    },
  },
  // --- power and batteries ---
  {
    key: "battery",
    category: "power-batteries",
    weight: 30,
    brands: ["Samsung SDI", "LG Energy Solution", "Panasonic", "Molicel", "EVE", "Kilima Basics", "Generic"],
    image: /18650|Battery|LiPo/,
    build: (r) => {
      const [chem, volts] = pick(r, [
        ["Li-ion 18650", "3.7V"],
        ["Li-ion 21700", "3.7V"],
        ["LiPo", "3.7V"],
        ["LiPo 2S", "7.4V"],
        ["LiPo 3S", "11.1V"],
        ["LiFePO4 32700", "3.2V"],
        ["NiMH AA", "1.2V"],
        ["CR2032 Coin Cell", "3V"],
      ] as const);
      const mah = pick(r, [220, 500, 1000, 1200, 2000, 2500, 3000, 3500, 5000, 6000]);
      return {
        title: `${chem} Battery ${volts} ${mah}mAh`,
        mpn: `${chem.replace(/\W/g, "").slice(0, 6).toUpperCase()}-${mah}`,
        spec: `${chem} rechargeable cell, ${volts} nominal, ${mah} mAh; for power banks, robots and portable projects.`,
        price: 2000 + mah * 3.5 * (chem.includes("3S") ? 3 : chem.includes("2S") ? 2 : 1),
        specs: { type: "Battery", ...BATTERY_SPECS[chem]!, voltage: volts, capacity: `${mah}mAh` },
      };
    },
  },
  {
    key: "dc-dc",
    category: "power-batteries",
    weight: 30,
    brands: ["Mean Well", "Pololu", "Generic", "Kilima Basics", "Recom"],
    image: /Buck|Converter|Power Supply|Charger/,
    build: (r, brand) => {
      const kind = pick(r, [
        "Buck Converter Module",
        "Boost Converter Module",
        "Buck-Boost Converter",
        "Isolated DC-DC Converter",
        "Switching Power Supply",
        "Battery Charger Module",
      ]);
      const vin = pick(r, ["5V", "12V", "24V", "48V", "230V AC"]);
      const vout = pick(r, VOLTAGES);
      const amps = pick(r, [0.5, 1, 2, 3, 5, 10, 20]);
      return {
        title: `${kind} ${vin} to ${vout} ${amps}A`,
        mpn: `${brand === "Mean Well" ? "LRS-" : brand === "Recom" ? "R-78" : brand === "Pololu" ? "D36V" : "XL"}${Math.round(parseFloat(vout) * amps)}-${vout.replace(/\D/g, "")}`,
        spec: `${kind}, input ${vin}, output ${vout} at up to ${amps} A, with over-current and short-circuit protection.`,
        price: 3000 + parseFloat(vout) * amps * 350,
        specs: { type: DC_DC_TYPES[kind]!, voltage: vout, input_voltage: vin, current: `${amps}A` },
      };
    },
  },
  // --- boards ---
  {
    key: "dev-board",
    category: "microcontrollers-development-boards",
    weight: 40,
    brands: ["Espressif", "Arduino", "Raspberry Pi", "STMicroelectronics", "Seeed Studio", "Adafruit", "SparkFun", "Generic", "Kilima Basics"],
    image: /ESP32|Arduino|Pico|STM32|NUCLEO|XIAO/,
    build: (r, brand) => {
      const boards: Record<string, readonly string[]> = {
        Espressif: ["ESP32-S3 DevKit", "ESP32-C3 DevKit", "ESP32-C6 DevKit", "ESP32 WROOM DevKit"],
        Arduino: ["Arduino Nano ESP32", "Arduino Uno R4 Minima", "Arduino Nano Every", "Arduino Nano 33 IoT"],
        "Raspberry Pi": ["RP2040 Pico Board", "RP2350 Pico 2 Board", "RP2040 Pico W Board"],
        STMicroelectronics: ["STM32 Nucleo-64", "STM32 Nucleo-144", "STM32 Discovery Kit"],
      };
      const board = pick(
        r,
        boards[brand] ?? [
          "ESP32-S3 Mini Board",
          "ESP32-C3 SuperMini",
          "RP2040 Zero Board",
          "STM32F411 Black Pill",
          "Arduino Nano Compatible",
          "Arduino Uno Compatible",
          "ATmega2560 Mega Compatible",
          "nRF52840 BLE Board",
          "SAMD21 M0 Board",
        ],
      );
      const mem = pick(r, ["4MB Flash", "8MB Flash", "16MB Flash", "N8R2", "N16R8", "2MB Flash"]);
      const usb = pick(r, ["USB-C", "Micro USB"]);
      return {
        title: `${board} ${mem} ${usb}`,
        mpn: `${board.split(" ")[0]!.replace(/\W/g, "")}-${mem.replace(/\W/g, "")}`,
        spec: `${board} development board with ${mem}, ${usb} programming port and breadboard-friendly headers; Arduino IDE and MicroPython support.`,
        price: logUniform(r, 8000, 120_000) * (brand === "Generic" || brand === "Kilima Basics" ? 0.7 : 1.3),
        specs: { type: "Microcontroller board", ...boardSpecs(board), ...BOARD_MEMORY[mem]!, usb: usb === "USB-C" ? "USB-C" : "Micro-USB" },
      };
    },
  },
  {
    key: "shield",
    category: "microcontrollers-development-boards",
    weight: 15,
    brands: ["Waveshare", "Adafruit", "SparkFun", "DFRobot", "Generic"],
    image: /Shield|Expansion|HAT/,
    build: (r) => {
      const host = pick(r, ["Arduino Uno", "Raspberry Pi", "ESP32", "Arduino Nano", "Raspberry Pi Pico"]);
      const what = pick(r, [
        "Prototype Shield",
        "Motor Driver HAT",
        "Relay HAT",
        "CAN Bus HAT",
        "RS485 HAT",
        "Sensor Expansion Board",
        "PoE HAT",
        "Audio DAC HAT",
        "GPIO Breakout Board",
      ]);
      return {
        title: `${what} for ${host}`,
        mpn: `${what.replace(/[^A-Z]/g, "")}-${host.replace(/[^A-Z0-9]/g, "")}`,
        spec: `${what} that plugs onto the ${host}, with labelled pins and example code.`,
        price: logUniform(r, 5000, 150_000),
        specs: { type: "Expansion board", voltage: host.startsWith("Arduino") ? "5V" : "3V3" },
      };
    },
  },
  // --- IoT and networking ---
  {
    key: "wireless-module",
    category: "iot-networking-modules",
    weight: 30,
    brands: ["Espressif", "SIMCom", "Quectel", "Semtech", "u-blox", "Ai-Thinker", "Generic", "Heltec"],
    image: /LoRa|SIM|ESP-01|Bluetooth|Wireless|GSM/,
    build: (r) => {
      const [what, chip] = pick(r, [
        ["LoRa Module 868MHz", "SX1276"],
        ["LoRa Module 433MHz", "SX1278"],
        ["LoRa Module 915MHz", "SX1262"],
        ["4G LTE Cat-1 Module", "A7670E"],
        ["4G LTE Module with GNSS", "EC25"],
        ["GSM GPRS Module", "SIM800C"],
        ["NB-IoT Module", "BC66"],
        ["WiFi Module", "ESP-12F"],
        ["WiFi + BLE Module", "ESP32-C3-MINI-1"],
        ["Bluetooth Low Energy Module", "HM-10"],
        ["Zigbee Module", "CC2530"],
        ["2.4GHz Transceiver", "nRF24L01+ PA LNA"],
        ["GNSS Receiver", "NEO-M9N"],
        ["Ethernet Module", "W5500"],
      ] as const);
      const antenna = pick(r, ["PCB Antenna", "IPEX Connector", "SMA Antenna", "Spring Antenna"]);
      return {
        title: `${chip} ${what} with ${antenna}`,
        mpn: `${chip.replace(/\W/g, "")}-${antenna.split(" ")[0]!.slice(0, 3).toUpperCase()}`,
        spec: `${what} based on the ${chip}, ${antenna.toLowerCase()}, UART/SPI interface; for telemetry, gateways and remote monitoring.`,
        price: logUniform(r, 6000, 180_000),
        specs: { ...WIRELESS_SPECS[chip]!, antenna: ANTENNAS[antenna]! },
      };
    },
  },
  // --- displays ---
  {
    key: "display",
    category: "displays",
    weight: 30,
    brands: ["Waveshare", "Adafruit", "Generic", "Nextion", "Kilima Basics", "DFRobot"],
    image: /OLED|LCD|TFT|Display|E-Paper/,
    build: (r) => {
      const [tech, size, res, driver] = pick(r, [
        ["OLED", "0.91 inch", "128x32", "SSD1306"],
        ["OLED", "0.96 inch", "128x64", "SSD1306"],
        ["OLED", "1.3 inch", "128x64", "SH1106"],
        ["OLED", "1.5 inch", "128x128", "SSD1327"],
        ["TFT LCD", "1.8 inch", "128x160", "ST7735"],
        ["TFT LCD", "2.4 inch", "240x320", "ILI9341"],
        ["TFT LCD", "2.8 inch", "240x320", "ILI9341"],
        ["IPS LCD", "3.5 inch", "320x480", "ST7796"],
        ["IPS LCD", "1.69 inch", "240x280", "ST7789"],
        ["E-Paper", "2.9 inch", "296x128", "SSD1680"],
        ["E-Paper", "4.2 inch", "400x300", "UC8176"],
        ["Character LCD", "16x2", "1602", "HD44780"],
        ["Character LCD", "20x4", "2004", "HD44780"],
        ["HDMI IPS Touch", "7 inch", "1024x600", "HDMI"],
      ] as const);
      const iface = driver === "HDMI" ? "HDMI" : pick(r, tech === "Character LCD" ? ["I2C", "Parallel"] : ["I2C", "SPI"]);
      const colour = pick(r, ["White", "Blue", "Yellow-Blue", "Colour"]);
      return {
        title: `${size} ${tech} Display ${res}${driver === "HDMI" ? "" : ` ${driver}`} ${iface} ${colour}`,
        mpn: `${driver}-${size.replace(/\D/g, "")}${iface[0]}${colour[0]}`,
        spec: `${size} ${tech} display module, ${res} resolution, ${driver} controller, ${iface} interface.`,
        price: logUniform(r, 5000, 250_000),
        specs: {
          type: tech === "HDMI IPS Touch" ? "IPS LCD" : tech,
          ...(size.endsWith("inch") ? { size } : {}),
          resolution: displayResolution(res),
          ...(driver === "HDMI" ? { touch: "Capacitive" } : { driver }),
          interface: iface,
          colour: colour === "Colour" ? "Full colour" : colour,
        },
      };
    },
  },
  // --- motors ---
  {
    key: "motor",
    category: "motors-drivers",
    weight: 30,
    brands: ["Generic", "Pololu", "Kilima Basics", "TowerPro", "Nidec", "Moons'"],
    image: /Motor|Servo|Stepper/,
    build: (r, brand) => {
      const kind = pick(r, [
        "DC Gear Motor",
        "NEMA 17 Stepper Motor",
        "NEMA 23 Stepper Motor",
        "Micro Servo",
        "Metal Gear Servo",
        "Brushless DC Motor",
        "Vibration Motor",
        "Stepper Motor Driver",
        "DC Motor Driver",
      ]);
      const volts = pick(r, ["3V", "6V", "12V", "24V", "36V"]);
      const rating = kind.includes("Gear")
        ? `${pick(r, [30, 60, 100, 200, 300, 500, 1000])} RPM`
        : kind.includes("Stepper Motor")
          ? `${pick(r, [0.4, 0.59, 1.2, 1.9, 2.8])} N·m`
          : kind.includes("Servo")
            ? `${pick(r, [1.8, 9, 13, 20, 25, 35])} kg·cm`
            : kind.includes("Driver")
              ? `${pick(r, [1, 2, 5, 10, 30])}A`
              : `${pick(r, [1000, 2200, 5000, 12000])} RPM`;
      return {
        title: `${volts} ${kind} ${rating}`,
        mpn: `${brand === "Pololu" ? "POL" : brand === "TowerPro" ? "MG" : "MT"}${kind.replace(/[^A-Z0-9]/g, "")}-${rating.replace(/\D/g, "").slice(0, 4)}`,
        spec: `${kind} rated ${volts}, ${rating}; for robots, 3D printers, CNC and automation.`,
        price: logUniform(r, 4000, 300_000),
        specs: {
          type: MOTOR_TYPES[kind]!,
          voltage: volts,
          ...(kind.startsWith("NEMA") ? { frame: kind.slice(0, 7) } : {}),
          ...(rating.endsWith("RPM") ? { speed: rating } : rating.endsWith("A") ? { current: rating } : { torque: rating }),
        },
      };
    },
  },
  // --- PCB and prototyping ---
  {
    key: "prototyping",
    category: "pcb-prototyping-supplies",
    weight: 30,
    brands: ["Kilima Basics", "Hammond", "Generic", "Adafruit"],
    image: /Breadboard|Perfboard|Enclosure|Standoff|PCB/,
    build: (r, brand) => {
      const kind = pick(r, [
        "Perfboard",
        "Stripboard",
        "Copper Clad Board",
        "ABS Project Enclosure",
        "Aluminium Enclosure",
        "Nylon Standoff Kit",
        "Brass Standoff Kit",
        "Solderless Breadboard",
      ]);
      const size = kind.includes("Standoff")
        ? pick(r, ["M2", "M2.5", "M3"]) + " " + pick(r, ["6mm", "10mm", "15mm", "20mm"])
        : `${pick(r, [50, 70, 90, 100, 120, 150, 200])}x${pick(r, [30, 50, 70, 100])}mm`;
      return {
        title: `${kind} ${size}`,
        mpn: `${brand === "Hammond" ? "1591" : "PB"}${kind.replace(/[^A-Z]/g, "")}-${size.replace(/\W/g, "")}`,
        spec: `${kind} ${size}, for prototypes, repairs and finished projects.`,
        price: logUniform(r, 1500, 60_000),
        specs: prototypingSpecs(kind, size),
      };
    },
  },
  // --- tools ---
  {
    key: "tool",
    category: "tools-test-equipment",
    weight: 30,
    brands: ["Hakko", "Knipex", "Wera", "Fluke", "UNI-T", "Kilima Basics", "Generic", "Wiha", "Engineer"],
    image: /Solder|Multimeter|Cutter|Stripper|Caliper|Tweezers/,
    build: (r, brand) => {
      const kind = pick(r, [
        "Flush Cutter",
        "Needle Nose Pliers",
        "Precision Screwdriver Set",
        "ESD Tweezers",
        "Crimping Tool",
        "Wire Stripper",
        "Solder Wire 63/37",
        "Lead-Free Solder Wire",
        "Soldering Tip",
        "Digital Multimeter",
        "Clamp Meter",
        "Desoldering Braid",
      ]);
      const size = pick(r, ["0.5mm", "0.8mm", "1.0mm", "115mm", "125mm", "150mm", "100g", "250g", "500g", "6 pcs", "25 pcs"]);
      return {
        title: `${kind} ${size}`,
        mpn: `${brand.replace(/\W/g, "").slice(0, 3).toUpperCase()}-${kind.replace(/[^A-Z0-9]/g, "")}${size.replace(/\W/g, "")}`,
        spec: `${kind} (${size}) for electronics assembly, repair and rework benches.`,
        price: logUniform(r, 3000, 400_000) * (["Fluke", "Knipex", "Hakko", "Wera"].includes(brand) ? 2 : 1),
        specs: toolSpecs(kind, size),
      };
    },
  },
  // --- solar ---
  {
    key: "solar",
    category: "solar-energy",
    weight: 15,
    brands: ["Victron Energy", "EPEVER", "Growatt", "Deye", "Jinko Solar", "Longi", "Kilima Basics", "Generic"],
    image: /Solar|Inverter|MPPT|Charge Controller|LiFePO4/,
    build: (r, brand) => {
      const kind = pick(r, [
        "Monocrystalline Solar Panel",
        "Polycrystalline Solar Panel",
        "MPPT Charge Controller",
        "PWM Charge Controller",
        "Pure Sine Wave Inverter",
        "Hybrid Inverter",
        "LiFePO4 Battery",
        "Deep Cycle Gel Battery",
      ]);
      const rating = kind.includes("Panel")
        ? `${pick(r, [10, 20, 50, 100, 150, 200, 300, 450, 550])}W`
        : kind.includes("Controller")
          ? `${pick(r, [10, 20, 30, 40, 60, 100])}A`
          : kind.includes("Inverter")
            ? `${pick(r, [300, 600, 1000, 2000, 3000, 5000])}W`
            : `${pick(r, [50, 100, 150, 200])}Ah`;
      const volts = pick(r, ["12V", "24V", "48V"]);
      const n = parseFloat(rating);
      return {
        title: `${rating} ${volts} ${kind}`,
        mpn: `${brand.replace(/\W/g, "").slice(0, 3).toUpperCase()}${kind.replace(/[^A-Z]/g, "")}${rating.replace(/\D/g, "")}${volts.replace(/\D/g, "")}`,
        spec: `${kind}, ${rating} at ${volts}, for off-grid homes, shops and water pumping.`,
        price: kind.includes("Panel") ? n * 1100 : kind.includes("Controller") ? n * 3500 : kind.includes("Inverter") ? n * 400 : n * 9000,
        specs: {
          ...SOLAR_SPECS[kind]!,
          voltage: volts,
          ...(rating.endsWith("Ah") ? { capacity: rating } : rating.endsWith("A") ? { current: rating } : { power: rating }),
        },
      };
    },
  },
  // --- 3D printing ---
  {
    key: "filament",
    category: "3d-printing",
    weight: 12,
    brands: ["eSUN", "SUNLU", "Polymaker", "Bambu Lab", "Creality", "Elegoo", "Prusament", "Kilima Basics"],
    image: /Filament/,
    build: (r, brand) => {
      const material = pick(r, ["PLA", "PLA+", "PETG", "ABS", "ASA", "TPU 95A", "Silk PLA", "Matte PLA", "Carbon Fibre PLA"]);
      const colour = pick(r, ["Black", "White", "Grey", "Red", "Blue", "Green", "Orange", "Yellow", "Transparent", "Gold", "Silver"]);
      const dia = pick(r, ["1.75mm", "1.75mm", "2.85mm"]);
      const kg = pick(r, [0.5, 1, 1, 2, 3]);
      return {
        title: `${material} Filament ${dia} ${kg}kg ${colour}`,
        mpn: `${brand.replace(/\W/g, "").slice(0, 3).toUpperCase()}-${material.replace(/\W/g, "")}${dia.replace(/\D/g, "")}-${colour.slice(0, 3).toUpperCase()}${kg * 10}`,
        spec: `${material} 3D printer filament, ${dia} ±0.02 mm, ${kg} kg spool, ${colour.toLowerCase()}.`,
        price: kg * logUniform(r, 45_000, 110_000),
        specs: { type: "Filament", material: material === "TPU 95A" ? "TPU" : material, diameter: dia, weight: `${kg}kg`, colour },
      };
    },
  },
  // --- kits ---
  {
    key: "robot-kit",
    category: "robotics-kits",
    weight: 6,
    brands: ["Keyestudio", "Elegoo", "SunFounder", "DFRobot", "Generic", "Kilima Basics"],
    image: /Robot|Chassis|Arm/,
    build: (r) => {
      const kind = pick(r, [
        "2WD Robot Car Kit",
        "4WD Robot Car Kit",
        "Mecanum Robot Car Kit",
        "Tank Robot Kit",
        "Robotic Arm Kit",
        "Line Follower Kit",
        "Quadruped Robot Kit",
        "Self-Balancing Robot Kit",
      ]);
      const brain = pick(r, ["Arduino Uno", "ESP32", "Raspberry Pi", "micro:bit", "Raspberry Pi Pico"]);
      return {
        title: `${kind} for ${brain}`,
        mpn: `RK-${kind.replace(/[^A-Z0-9]/g, "")}-${brain
          .replace(/[^A-Za-z0-9]/g, "")
          .slice(0, 4)
          .toUpperCase()}`,
        spec: `${kind} with motors, sensors and step-by-step lessons for the ${brain}.`,
        price: logUniform(r, 25_000, 900_000),
        specs: { ...ROBOT_SPECS[kind]!, controller: brain },
      };
    },
  },
  {
    key: "stem-kit",
    category: "stem-education-kits",
    weight: 5,
    brands: ["Elegoo", "Keyestudio", "micro:bit", "Makeblock", "Kilima Basics", "Generic"],
    image: /Kit|micro:bit/,
    build: (r) => {
      const kind = pick(r, [
        "Starter Kit",
        "Sensor Kit",
        "IoT Learning Kit",
        "Electronics Learning Kit",
        "Coding Kit",
        "Solar Science Kit",
        "Soldering Practice Kit",
      ]);
      const level = pick(r, ["Beginner", "Intermediate", "Classroom (10 Sets)"]);
      const brain = pick(r, ["Arduino Uno", "ESP32", "micro:bit", "Raspberry Pi Pico", "No Board"]);
      return {
        title: `${brain} ${kind} ${level}`,
        mpn: `SK-${kind.replace(/[^A-Z]/g, "")}-${level[0]}${brain
          .replace(/[^A-Za-z0-9]/g, "")
          .slice(0, 3)
          .toUpperCase()}`,
        spec: `${kind} for ${level.toLowerCase()} learners with the ${brain}; printed lessons in English and Kiswahili.`,
        price: logUniform(r, 15_000, 600_000) * (level.startsWith("Classroom") ? 6 : 1),
        specs: {
          type: STEM_TYPES[kind]!,
          controller: brain === "No Board" ? "Not included" : brain,
          ...(kind.startsWith("Soldering") ? { soldering: "yes" } : {}),
        },
      };
    },
  },
];

const TOTAL_WEIGHT = BULK_FAMILIES.reduce((sum, f) => sum + f.weight, 0);
const CUMULATIVE = BULK_FAMILIES.reduce<number[]>((acc, f) => [...acc, (acc.at(-1) ?? 0) + f.weight / TOTAL_WEIGHT], []);

function familyOf(u: number): BulkFamily {
  for (let i = 0; i < CUMULATIVE.length; i++) if (u < CUMULATIVE[i]!) return BULK_FAMILIES[i]!;
  return BULK_FAMILIES.at(-1)!;
}

// ---------------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------------

const CODE_SPACE = 36 ** 5;
/** A 5-character code unique to k (a bijection on 0..36^5-1, so neighbours do not look alike). */
export function uniqueCode(k: number): string {
  const x = ((((k % CODE_SPACE) * 48_271 + 1_234_567) % CODE_SPACE) + CODE_SPACE) % CODE_SPACE;
  return x.toString(36).toUpperCase().padStart(5, "0");
}

export interface BulkVariant {
  sku: string;
  combinationId: string;
  attributes: Record<string, string>;
  price: number;
  stock: number;
}

export interface BulkProduct {
  k: number;
  family: string;
  name: string;
  slug: string;
  description: string;
  categorySlug: string;
  brand: string;
  image: string;
  sku: string;
  mpn: string;
  price: number;
  originalPrice: number;
  stock: number;
  freeDelivery: boolean;
  sameDayDelivery: boolean;
  salesCount: number;
  createdAt: Date;
  variantConfig: VariantConfig | null;
  variants: BulkVariant[];
  /** specifications as a datasheet writes them, keys of the category's attributes */
  specs: Record<string, SeedSpecText>;
}

/** The demo products' images by category, for reuse (no new image files, no new vectors). */
export interface DemoImage {
  categorySlug: string;
  name: string;
  image: string;
}

export interface BulkContext {
  /** images to reuse per family key */
  imagesByFamily: Map<string, string[]>;
  /** listing dates count back from here */
  now: number;
}

export function bulkContext(demo: readonly DemoImage[], now = Date.now()): BulkContext {
  const imagesByFamily = new Map<string, string[]>();
  for (const family of BULK_FAMILIES) {
    const inCategory = demo.filter((d) => d.categorySlug === family.category);
    const matching = inCategory.filter((d) => family.image.test(d.name));
    const chosen = [...new Set((matching.length ? matching : inCategory.length ? inCategory : demo).map((d) => d.image))];
    if (!chosen.length) throw new Error(`No demo image for the ${family.key} family`);
    imagesByFamily.set(family.key, chosen);
  }
  return { imagesByFamily, now };
}

function stockFor(r: Rng, price: number): number {
  const roll = r();
  if (roll < 0.07) return 0;
  if (roll < 0.17) return int(r, 1, 4);
  const cap = price < 10_000 ? 2000 : price < 50_000 ? 400 : price < 200_000 ? 80 : price < 1_000_000 ? 25 : 8;
  return Math.max(5, Math.round(5 + Math.pow(r(), 1.8) * (cap - 5)));
}

/** Bulk product k (k ≥ 1): the same product on every call. */
export function bulkProduct(k: number, ctx: BulkContext): BulkProduct {
  const r = mulberry32(fnv1a(String(k)) ^ SALT);
  const family = familyOf(r());
  const brand = pick(r, family.brands);
  const part = family.build(r, brand);
  const mpn = `${part.mpn.toUpperCase()}-${uniqueCode(k)}`;
  const name = `${brand === "Generic" ? "" : `${brand} `}${mpn} ${part.title}`;
  const images = ctx.imagesByFamily.get(family.key)!;
  const image = images[Math.floor(r() * images.length)]!;

  let price = roundTzs(part.price * (0.85 + r() * 0.3));
  let stock = stockFor(r, price);
  const sku = bulkSku(k);

  // A few pack-sold parts come in pack sizes: variants with their own prices and stock.
  let variantConfig: VariantConfig | null = null;
  let variants: BulkVariant[] = [];
  if (part.packs && r() < 0.15) {
    const sizes = ["10 pcs", "100 pcs", "1000 pcs"];
    variantConfig = { type: "simple", attributeOrder: ["Pack"], labels: { sw: swahiliOptionLabels(sizes.map((size) => ({ attributes: { Pack: size } }))) } };
    variants = sizes.map((size, i) => ({
      sku: `${sku}-${size.replace(/\D/g, "")}`,
      combinationId: `Pack:${size}`,
      attributes: { Pack: size },
      price: roundTzs(price * [0.4, 1, 6][i]!),
      stock: stock === 0 ? 0 : int(r, 0, Math.max(5, Math.round(stock / (i + 1)))),
    }));
    price = Math.min(...variants.map((v) => v.price));
    stock = variants.reduce((sum, v) => sum + v.stock, 0);
  }

  // About a quarter carry a real 5–35% discount.
  let originalPrice = price;
  if (r() < 0.25) {
    let candidate = roundTzs(price * (1.05 + r() * 0.3));
    if (candidate < price * 1.05) candidate += price >= 100_000 ? 1000 : 500;
    originalPrice = candidate;
  }

  // Popularity: a heavy tail (most parts sell a little, a few sell thousands).
  const salesCount = Math.min(50_000, Math.floor(2 / Math.pow(1 - r() * 0.9999, 0.85)) - 2 + (r() < 0.3 ? 0 : int(r, 0, 5)));
  // Bulk products have no reviews (their rating and count stay zero: no stars). The draws that once
  // made up a review count and a rating stay, so the rest of each product is what it was.
  if (salesCount !== 0 && Math.round(salesCount * (0.05 + r() * 0.3)) !== 0) r();
  const daysAgo = Math.floor(Math.pow(r(), 1.5) * 1500);
  const freeDelivery = r() < (price >= 200_000 ? 0.5 : 0.15);
  const sameDayDelivery = r() < 0.35;

  return {
    k,
    family: family.key,
    name,
    slug: slugify(name),
    description: `${part.spec} Manufacturer part number ${mpn}.`,
    categorySlug: family.category,
    brand,
    image,
    sku,
    mpn,
    price,
    originalPrice,
    stock,
    freeDelivery,
    sameDayDelivery,
    salesCount,
    createdAt: new Date(ctx.now - daysAgo * DAY_MS - (k % 86_400) * 1000),
    variantConfig,
    variants,
    specs: part.specs,
  };
}

/** Every brand the bulk families use (the loader makes the missing ones). */
export const BULK_BRANDS: readonly string[] = [...new Set(BULK_FAMILIES.flatMap((f) => f.brands))].sort();

/** The share of the catalogue each category gets, for documentation and tests. */
export function categoryShares(): Map<string, number> {
  const shares = new Map<string, number>();
  for (const f of BULK_FAMILIES) shares.set(f.category, (shares.get(f.category) ?? 0) + f.weight / TOTAL_WEIGHT);
  return shares;
}
