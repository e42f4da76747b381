import { byOption, type SeedCategorySpecs } from "../spec-attributes";

/**
 * Ratings as the datasheets give them: `voltage` is a transistor's or diode's maximum, an LED's
 * forward voltage, a regulator's output and an IC's supply range; `current` the maximum.
 */
export const semiconductorsLedsSpecs: SeedCategorySpecs = {
  "5mm Round LED Diffused (Pack of 20)": {
    type: "LED",
    package: "5mm",
    current: "20mA",
    colour: byOption("Color", { Red: "Red", Green: "Green", Yellow: "Yellow", Blue: "Blue", White: "White", "Warm White": "Warm White" }),
    voltage: byOption("Color", { Red: "2V", Green: "2V", Yellow: "2V", Blue: "3.2V", White: "3.2V", "Warm White": "3.2V" }),
  },
  "1W High Power LED with Star Heatsink (Pack of 5)": {
    type: "Power LED",
    package: "Star",
    power: "1W",
    current: "350mA",
    voltage: "3.2V",
    colour: "Cool White",
  },
  "BC547 NPN Transistor (Pack of 20)": { type: "Transistor", package: "TO-92", polarity: "NPN", voltage: "45V", current: "100mA" },
  "TIP120 Darlington Transistor (Pack of 5)": { type: "Darlington transistor", package: "TO-220", polarity: "NPN", voltage: "60V", current: "5A" },
  "IRFZ44N N-Channel MOSFET (Pack of 5)": { type: "MOSFET", package: "TO-220", polarity: "N-channel", voltage: "55V", current: "49A", rds_on: "17.5mΩ" },
  "IRLZ44N Logic-Level MOSFET (Pack of 5)": { type: "MOSFET", package: "TO-220", polarity: "N-channel", voltage: "55V", current: "47A", rds_on: "22mΩ" },
  "1N4007 Rectifier Diode 1A 1000V (Pack of 50)": { type: "Diode", package: "DO-41", voltage: "1000V", current: "1A" },
  "Zener Diode Assortment 0.5W 3.3V–30V (140 pcs)": { type: "Zener diode", power: "0.5W", voltage: ["3.3V", "30V"] },
  "NE555 Timer IC (Pack of 5)": { type: "Timer IC", package: "DIP-8", voltage: ["4.5V", "16V"] },
  "LM358 Dual Op-Amp IC (Pack of 5)": { type: "Op-amp", voltage: ["3V", "32V"] },
  "L7805CV 5V Voltage Regulator TO-220 (Pack of 5)": { type: "Voltage regulator", package: "TO-220", voltage: "5V", current: "1.5A", dropout: "2V" },
  "ATmega328P-PU with Arduino Bootloader": { type: "Microcontroller", package: "DIP-28", flash: "32KB", frequency: "20MHz", voltage: ["1.8V", "5.5V"] },
  "ATtiny85-20PU Microcontroller (DIP-8)": { type: "Microcontroller", package: "DIP-8", flash: "8KB", frequency: "20MHz", voltage: ["2.7V", "5.5V"] },
  "PIC16F877A Microcontroller DIP-40": { type: "Microcontroller", package: "DIP-40", flash: "14KB", frequency: "20MHz", voltage: ["4V", "5.5V"] },
  "74HC595 Shift Register (Pack of 5)": { type: "Logic IC", voltage: ["2V", "6V"] },
  "ULN2003A Darlington Array (Pack of 5)": { type: "Driver IC", package: "DIP-16", voltage: "50V", current: "500mA" },
  "KBPC3510 Bridge Rectifier 35A 1000V": { type: "Bridge rectifier", package: "KBPC", voltage: "1000V", current: "35A" },
  "L293D Motor Driver IC (Pack of 2)": { type: "Driver IC", package: "DIP-16", voltage: ["4.5V", "36V"], current: "600mA" },
  "240W LED Grow Light Board (Samsung LM301H EVO LEDs)": { type: "LED board", power: "240W", colour: "Full spectrum" },
  "Infineon FF300R12KE3 IGBT Module 1200V 300A": { type: "IGBT", package: "62 mm module", voltage: "1200V", current: "300A" },
};
