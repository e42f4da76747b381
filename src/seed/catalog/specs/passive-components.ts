import { byOption, type SeedCategorySpecs } from "../spec-attributes";

const CARBON_QUARTER = { type: "Resistor", tolerance: "5%", power: "0.25W", package: "Axial", technology: "Carbon film" } as const;

/** Values, tolerances, ratings and packages of the passive parts; kits give the span of their values. */
export const passiveComponentsSpecs: SeedCategorySpecs = {
  "10k Ohm Carbon Film Resistor 1/4W (Pack of 100)": { ...CARBON_QUARTER, resistance: "10k" },
  "10k Ohm Metal Film Resistor 1% 1/4W (Pack of 100)": {
    type: "Resistor",
    resistance: "10k",
    tolerance: "1%",
    power: "0.25W",
    package: "Axial",
    technology: "Metal film",
  },
  "10k Ohm SMD Resistor 0805 1% (Pack of 100)": { type: "Resistor", resistance: "10k", tolerance: "1%", power: "0.125W", package: "0805" },
  "10k Ohm Linear Potentiometer B10K with Knob": { type: "Potentiometer", resistance: "10k", taper: "Linear", package: "Panel mount" },
  "10k Ohm Resistor Network SIP 9-Pin A103 (Pack of 10)": { type: "Resistor network", resistance: "10k", package: "SIP-9" },
  "10k Ohm NTC Thermistor MF52 (Pack of 10)": { type: "Thermistor", resistance: "10k" },
  "1k Ohm Carbon Film Resistor 1/4W (Pack of 100)": { ...CARBON_QUARTER, resistance: "1k" },
  "220 Ohm Carbon Film Resistor 1/4W (Pack of 100)": { ...CARBON_QUARTER, resistance: "220R" },
  "Carbon Film Resistors 1/4W 5% (Choose Value)": {
    ...CARBON_QUARTER,
    resistance: byOption("Resistance", {
      "100 Ohm": "100R",
      "220 Ohm": "220R",
      "330 Ohm": "330R",
      "1k Ohm": "1k",
      "4.7k Ohm": "4k7",
      "10k Ohm": "10k",
      "100k Ohm": "100k",
    }),
  },
  "Resistor Kit 600 pcs 30 Values 1/4W Metal Film": {
    type: "Resistor kit",
    resistance: ["10R", "1M"],
    tolerance: "1%",
    power: "0.25W",
    package: "Axial",
    technology: "Metal film",
  },
  "Ceramic Disc Capacitors 50V (Choose Value)": {
    type: "Capacitor",
    capacitance: byOption("Capacitance", { "22pF": "22pF", "100pF": "100pF", "1nF": "1nF", "10nF": "10nF", "100nF (104)": "100nF" }),
    voltage: "50V",
    dielectric: "Ceramic",
    package: "Radial",
  },
  "Electrolytic Capacitor Kit 0.1µF–1000µF (120 pcs)": {
    type: "Capacitor kit",
    capacitance: ["0.1µF", "1000µF"],
    voltage: ["16V", "50V"],
    dielectric: "Aluminium electrolytic",
    package: "Radial",
  },
  "1000µF 25V Electrolytic Capacitor (Pack of 10)": {
    type: "Capacitor",
    capacitance: "1000µF",
    voltage: "25V",
    dielectric: "Aluminium electrolytic",
    package: "Radial",
  },
  "16MHz Crystal Oscillator HC-49S (Pack of 10)": { type: "Crystal", frequency: "16MHz", package: "HC-49S" },
  "Potentiometer Kit 10 Values with Knobs (50 pcs)": { type: "Potentiometer kit", resistance: ["500R", "1M"], package: "Panel mount" },
  "Trimmer Potentiometer 3296W Kit (10 Values x 5)": { type: "Potentiometer kit", resistance: ["100R", "1M"], technology: "Cermet", package: "THT" },
  "Tactile Push Button 12x12mm with Caps": { type: "Switch", current: "50mA", voltage: "12V", package: "THT" },
  "Active Buzzer 5V (Pack of 5)": { type: "Buzzer", voltage: "5V", frequency: "2.3kHz" },
  "Songle SRD-12VDC-SL-C Relay (Pack of 5)": { type: "Relay", voltage: "12V", current: "10A", package: "THT" },
};
