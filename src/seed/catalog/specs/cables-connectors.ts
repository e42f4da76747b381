import { byOption, type SeedCategorySpecs } from "../spec-attributes";

const DUPONT = { type: "Jumper wires", connector: "Dupont", pitch: "2.54mm" } as const;

/** Connectors at each end, lengths, pitches, wire sizes and ratings. */
export const cablesConnectorsSpecs: SeedCategorySpecs = {
  "Dupont Jumper Wire Ribbon 40pcs (Choose Length & Type)": {
    ...DUPONT,
    length: byOption("Length", { "10cm": "10cm", "20cm": "20cm", "30cm": "30cm" }),
    gender: byOption("Type", { "Male-Male": "Male-Male", "Male-Female": "Male-Female", "Female-Female": "Female-Female" }),
    colour: "Multicolour",
  },
  "Dupont Jumper Wires 40pcs M-M 20cm": { ...DUPONT, gender: "Male-Male", length: "20cm", colour: "Multicolour" },
  "Silicone Stranded Wire (Flexible, 200°C)": {
    type: "Wire",
    gauge: byOption("Gauge", { "22AWG": "22 AWG", "18AWG": "18 AWG", "14AWG": "14 AWG" }),
    length: byOption("Length", { "1m": "1m", "5m": "5m", "10m": "10m" }),
    voltage: "600V",
    colour: ["Red", "Black"],
  },
  "USB-A to USB-B Printer Cable 1.5m": { type: "USB cable", connector: ["USB-A", "USB-B"], length: "1.5m" },
  "USB-A to USB-C Data Cable": {
    type: "USB cable",
    connector: ["USB-A", "USB-C"],
    length: byOption("Length", { "0.5m": "0.5m", "1m": "1m", "2m": "2m" }),
    current: "3A",
  },
  "Micro USB Data Cable 1m (Data + Charge)": { type: "USB cable", connector: "Micro-USB", length: "1m" },
  "JST-XH 2.54mm Connector Kit 2–5 Pin (230 pcs)": { type: "Connector kit", connector: "JST-XH", pitch: "2.54mm" },
  "Molex Mini-Fit Jr. 4.2mm Connector Assortment": { type: "Connector kit", connector: "Molex Mini-Fit Jr", pitch: "4.2mm", current: "9A" },
  "XT60 Connector Pair Male/Female (Pack of 5)": { type: "Connector", connector: "XT60", gender: "Male and female", current: "60A" },
  "Screw Terminal Block 2-Pin 5.08mm": {
    type: "Terminal block",
    connector: "Screw terminal",
    pitch: "5.08mm",
    current: "16A",
    voltage: "300V",
    colour: byOption("Color", { Blue: "Blue", Green: "Green" }),
  },
  "2.54mm Pin Header Strip 1x40 (Break-Away)": {
    type: "Pin header",
    connector: "Pin header",
    pitch: "2.54mm",
    gender: byOption("Type", { "Male Straight": "Male", "Female Straight": "Female", "Male Right-Angle": "Male" }),
  },
  "Heat Shrink Tubing Assortment 560 pcs": { type: "Heat shrink", colour: "Multicolour" },
  "Heat Shrink Tube 1m Length (Black)": {
    type: "Heat shrink",
    diameter: byOption("Diameter", { "2mm": "2mm", "3mm": "3mm", "5mm": "5mm", "8mm": "8mm", "10mm": "10mm" }),
    length: "1m",
    colour: "Black",
  },
  "40-Pin GPIO Ribbon Cable for Raspberry Pi": { type: "Ribbon cable", connector: "IDC", length: "20cm", pitch: "2.54mm" },
  "Micro HDMI to HDMI Cable 1.5m (Raspberry Pi 4/5)": { type: "Video cable", connector: ["Micro-HDMI", "HDMI"], length: "1.5m" },
  "SMA Female to IPEX u.FL Pigtail Cable 15cm": { type: "RF cable", connector: ["SMA", "u.FL"], gender: "Female", length: "15cm" },
  "Hook-Up Wire Kit 22AWG Solid Core (6 Colours x 10m)": { type: "Wire", gauge: "22 AWG", length: "10m", colour: "Multicolour" },
  "Insulated Wire Ferrules Assortment (1200 pcs)": { type: "Ferrules", connector: "Bootlace ferrule", cross_section: ["0.5 mm²", "10 mm²"] },
  "Banana Plug 4mm to Crocodile Clip Test Leads (Pair)": {
    type: "Test leads",
    connector: ["Banana 4mm", "Crocodile clip"],
    length: "1m",
    current: "10A",
    colour: ["Red", "Black"],
  },
  "SparkFun Qwiic Cable Kit": { type: "Sensor cable", connector: "JST-SH", length: ["50mm", "500mm"] },
  "Cat6 UTP Solid Copper Cable 305m Box": { type: "Network cable", gauge: "23 AWG", length: "305m" },
  "Twin & Earth Cable 2.5mm² 100m (Flat, 6242Y)": { type: "Mains cable", cross_section: "2.5 mm²", length: "100m" },
  "Armoured Cable SWA 3-Core 4mm² (50m)": { type: "Mains cable", cross_section: "4 mm²", length: "50m" },
  "Active HDMI 2.0 Cable 20m (4K)": { type: "Video cable", connector: "HDMI", length: "20m" },
};
