import type { SeedCategorySpecs } from "../spec-attributes";

const ARDUINO_C = "Arduino C/C++";
const BLOCKS = "Blocks (Scratch/MakeCode)";
const UNO_KIT = { type: "Starter kit", controller: "Arduino Uno", programming: ARDUINO_C } as const;
const MICROBIT = { controller: "micro:bit", programming: [BLOCKS, "MicroPython"] } as const;

/** The board a kit is built around, how it is programmed, the age it is for and whether it needs soldering. */
export const stemEducationKitsSpecs: SeedCategorySpecs = {
  "Arduino Starter Kit with Arduino Uno R3 and Projects Book (Official)": UNO_KIT,
  "ELEGOO UNO R3 Super Starter Kit for Arduino": UNO_KIT,
  "Arduino Uno R3 Compatible Basic Starter Kit": UNO_KIT,
  "Keyestudio RFID Starter Kit for Arduino Uno R3": UNO_KIT,
  "BBC micro:bit V2.21 Board": { type: "Microcontroller board", ...MICROBIT },
  "BBC micro:bit V2 Go Kit (Board, Battery Pack, Cable)": { type: "Microcontroller board", ...MICROBIT },
  "Elenco Snap Circuits Jr. SC-100": { type: "Snap circuit kit", controller: "Not included", programming: "No coding", age: "8+", soldering: "no" },
  "Electronic Building Blocks Circuit Kit (335 Projects)": { type: "Snap circuit kit", controller: "Not included", programming: "No coding", soldering: "no" },
  "Raspberry Pi 500 Desktop Kit (UK Keyboard)": { type: "Computer kit", controller: "Raspberry Pi", programming: ["Python", BLOCKS] },
  "6-in-1 Solar Power Science Kit": { type: "Science kit", controller: "Not included", programming: "No coding" },
  "DIY FM Radio Soldering Kit": { type: "Soldering kit", controller: "Not included", programming: "No coding", soldering: "yes" },
  "Electronics Component Starter Kit (Resistors, LEDs, Capacitors)": { type: "Starter kit", controller: "Not included" },
  "Makeblock mBot2 Coding Robot Kit": { type: "Robot kit", controller: "ESP32", programming: [BLOCKS, "Python"] },
  "Seeed Studio Grove Beginner Kit for Arduino": { ...UNO_KIT, soldering: "no" },
  "DFRobot Boson Starter Kit for micro:bit": { type: "Starter kit", controller: "micro:bit", programming: BLOCKS, soldering: "no" },
  "Raspberry Pi Pico Starter Kit with MicroPython Guide": { type: "Starter kit", controller: "Raspberry Pi Pico", programming: "MicroPython" },
  "ESP32 IoT Starter Kit (ESP32 WiFi Board, Sensors, OLED)": { type: "Starter kit", controller: "ESP32" },
  "Digital Logic Gates Trainer Kit (74HC Series)": { type: "Trainer kit", controller: "Not included", programming: "No coding" },
  "Water Level Indicator & Alarm DIY Kit": { type: "DIY electronics kit", controller: "Not included", programming: "No coding" },
  "Adafruit Circuit Playground Express": {
    type: "Microcontroller board",
    controller: "Built-in",
    programming: [BLOCKS, "MicroPython", ARDUINO_C],
    soldering: "no",
  },
  "LEGO Education SPIKE Essential Set": { type: "Building set", controller: "LEGO hub", programming: BLOCKS, age: "6+", soldering: "no" },
  "LEGO Education SPIKE Prime Set": { type: "Building set", controller: "LEGO hub", programming: [BLOCKS, "Python"], age: "10+", soldering: "no" },
  "Arduino Plug and Make Kit (Uno R4 WiFi)": { type: "Starter kit", controller: "Arduino Uno R4", programming: ARDUINO_C, soldering: "no" },
  "Arduino Alvik Educational Robot": { type: "Robot kit", controller: "Arduino Nano ESP32", programming: ["MicroPython", BLOCKS] },
  "BBC micro:bit V2 Class Pack (10 Boards)": { type: "Class pack", ...MICROBIT },
};
