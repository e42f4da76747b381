/**
 * Demo catalogue of a Dar es Salaam electronics shop: categories, products and variants.
 *
 * The data is kept as one table of rows per category (name, brand, price, image label, spec text and
 * optional variant definition); `buildSeedProducts()` turns the rows into SeedProducts and fills in the
 * shop statistics (discounts, stock, ratings, sales, listing age) from a seeded PRNG, so every call
 * returns exactly the same catalogue.
 *
 * Prices are whole Tanzanian shillings (1 USD ≈ 2,500 TZS), rounded to 500 (to 1,000 from 100,000 up).
 */
import type { PrimaryValue, VariantConfig } from "@/lib/variants";
import { fnv1a, mulberry32 } from "@/lib/random";
import type { SeedCategory, SeedProduct, SeedVariant } from "./types";

// ---------------------------------------------------------------------------------------------------
// Categories (display order)
// ---------------------------------------------------------------------------------------------------

export const SEED_CATEGORIES: SeedCategory[] = [
  {
    name: "Microcontrollers & Development Boards",
    slug: "microcontrollers-development-boards",
    description: "Arduino, ESP32, Raspberry Pi, STM32 and compatible boards for learning, prototyping and finished products.",
  },
  {
    name: "Sensors & Modules",
    slug: "sensors-modules",
    description: "Plug-in sensor and breakout modules for measuring distance, temperature, gas, motion, light, weight and more.",
  },
  {
    name: "IoT & Networking Modules",
    slug: "iot-networking-modules",
    description: "GSM, 4G, LoRa, WiFi, Bluetooth and Ethernet modules that connect your projects to phones and the internet.",
  },
  {
    name: "Displays",
    slug: "displays",
    description: "OLED, LCD, TFT, e-paper and LED matrix displays, from tiny status screens to outdoor P10 sign modules.",
  },
  {
    name: "Motors & Drivers",
    slug: "motors-drivers",
    description: "DC, servo, stepper and brushless motors, pumps and valves, with the driver boards to control them.",
  },
  {
    name: "Semiconductors & LEDs",
    slug: "semiconductors-leds",
    description: "Transistors, MOSFETs, diodes, regulators, timer and logic ICs, microcontroller chips and LEDs.",
  },
  {
    name: "Passive Components",
    slug: "passive-components",
    description: "Resistors, capacitors, potentiometers, crystals, switches and assortment kits for every workbench.",
  },
  {
    name: "Power & Batteries",
    slug: "power-batteries",
    description: "Li-ion and LiPo cells, chargers, BMS boards, DC-DC converters and mains power supplies.",
  },
  {
    name: "Solar & Energy",
    slug: "solar-energy",
    description: "Solar panels, charge controllers, inverters, batteries and installation accessories for homes and businesses.",
  },
  {
    name: "Cables & Connectors",
    slug: "cables-connectors",
    description: "Jumper wires, hook-up and silicone wire, USB cables, headers, terminals and crimp connectors.",
  },
  {
    name: "PCB & Prototyping Supplies",
    slug: "pcb-prototyping-supplies",
    description: "Breadboards, perfboards, copper-clad boards, etching supplies, standoffs and project enclosures.",
  },
  {
    name: "Tools & Test Equipment",
    slug: "tools-test-equipment",
    description: "Soldering irons and stations, multimeters, oscilloscopes, bench supplies, programmers and hand tools.",
  },
  {
    name: "3D Printing",
    slug: "3d-printing",
    description: "FDM and resin 3D printers, filament, resin and the spare parts and upgrades that keep them printing.",
  },
  {
    name: "Robotics Kits",
    slug: "robotics-kits",
    description: "Robot car chassis, robotic arms, tank platforms and competition robot kits, plus wheels and mounts.",
  },
  {
    name: "STEM Education Kits",
    slug: "stem-education-kits",
    description: "Starter and learning kits for schools, clubs and self-learners, from first circuits to coding and IoT.",
  },
];

// ---------------------------------------------------------------------------------------------------
// Row and variant-definition shapes
// ---------------------------------------------------------------------------------------------------

/** A variant option: its value and the price added to the row's base price (plain string = +0). */
type OptionInput = string | readonly [value: string, delta: number];
type Option = readonly [value: string, delta: number];

type VariantDef =
  | { kind: "simple"; attribute: string; options: Option[] }
  | { kind: "primary"; attribute: string; options: Option[]; multi: Record<string, string[]> }
  | { kind: "multi"; combine: "add" | "multiply"; axes: { attribute: string; options: Option[] }[] };

/**
 * [name, brand, base price in TZS (= cheapest variant), image label (≤ 10 chars), description, variants?]
 * For "multiply" grids the option numbers are price factors instead of amounts added.
 */
type Row = readonly [name: string, brand: string, price: number, label: string, spec: string, variants?: VariantDef];

const toOptions = (values: readonly OptionInput[]): Option[] =>
  values.map((v) => (typeof v === "string" ? ([v, 0] as const) : v));

/** One attribute (e.g. Color); every option may carry its own price. */
const simple = (attribute: string, values: readonly OptionInput[]): VariantDef => ({
  kind: "simple",
  attribute,
  options: toOptions(values),
});

/** A price-deciding attribute (e.g. Pack) plus attributes that do not change the price. */
const packs = (attribute: string, values: readonly OptionInput[], multi: Record<string, string[]> = {}): VariantDef => ({
  kind: "primary",
  attribute,
  options: toOptions(values),
  multi,
});

/** One variant per combination of the axes; prices add up (or multiply) from the base price. */
const grid = (combine: "add" | "multiply", ...axes: [string, readonly OptionInput[]][]): VariantDef => ({
  kind: "multi",
  combine,
  axes: axes.map(([attribute, values]) => ({ attribute, options: toOptions(values) })),
});

// ---------------------------------------------------------------------------------------------------
// Microcontrollers & Development Boards
// ---------------------------------------------------------------------------------------------------

const MCU_ROWS: Row[] = [
  ["Arduino Uno R3 (ATmega328P) with USB Cable", "Arduino", 72000, "UNO R3",
    "The original Italian-made Arduino Uno Rev3: ATmega328P at 16 MHz, 32 KB flash, 14 digital I/O pins (6 PWM) and 6 analog inputs, with an ATmega16U2 handling USB. It runs from USB or a 7–12V barrel jack, and a USB-A to USB-B cable is included. This is the board most university lab manuals and Arduino tutorials are written for."],
  ["Arduino Uno R3 Compatible Board (ATmega328P + CH340G) with USB Cable", "Kilima Basics", 28000, "UNO CH340",
    "Pin-for-pin Uno R3 clone with a socketed DIP ATmega328P, so a damaged chip can be swapped, and a CH340G USB-serial converter. It works in the Arduino IDE once the CH340 driver is installed on Windows. A budget board for students who need one per group for class projects."],
  ["Arduino Uno R3 SMD Compatible Board (CH340, Micro USB)", "Generic", 24000, "UNO SMD",
    "Uno-layout board with a surface-mount ATmega328P-AU and a CH340 USB chip on a micro-USB port. It breaks out two extra analog inputs (A6 and A7) and fits all standard Uno shields."],
  ["Arduino Uno R4 WiFi (Renesas RA4M1 + ESP32-S3)", "Arduino", 98000, "R4 WIFI",
    "Next-generation Uno with a 48 MHz Arm Cortex-M4 (Renesas RA4M1, 256 KB flash, 32 KB RAM) plus an ESP32-S3 coprocessor for WiFi and Bluetooth LE. It adds a 12×8 red LED matrix, a Qwiic I2C connector and USB-C while keeping the Uno shield layout and 5V logic. A natural upgrade for connected projects such as remote tank-level or greenhouse monitors."],
  ["Arduino Uno R4 Minima", "Arduino", 62000, "R4 MINIMA",
    "Uno R4 without the wireless module: Renesas RA4M1 Arm Cortex-M4 at 48 MHz, 256 KB flash, a 12-bit DAC, CAN bus and a USB-C port. It accepts 6–24V on VIN and stays compatible with existing Uno shields."],
  ["Arduino Nano (ATmega328P) Original", "Arduino", 66000, "NANO",
    "Official breadboard-friendly Nano: ATmega328P at 16 MHz with 22 digital I/O and 8 analog inputs on a 45 × 18 mm board. It is programmed and powered over mini-USB. Ideal when a finished project has to fit inside a small enclosure."],
  ["Arduino Nano V3 Compatible Board (ATmega328P, CH340, USB-C)", "Kilima Basics", 16000, "NANO CH340",
    "Nano-format clone with an ATmega328P, a CH340 USB-serial chip and a USB-C connector; the header pins come pre-soldered. Select 'ATmega328P (Old Bootloader)' in the Arduino IDE if uploads fail."],
  ["Arduino Mega 2560 R3 Compatible Board (CH340)", "Generic", 48000, "MEGA 2560",
    "ATmega2560 with 256 KB flash, 54 digital I/O (15 PWM), 16 analog inputs and 4 hardware serial ports, using a CH340 USB chip. It is the board to pair with a RAMPS 1.4 shield for 3D printers and CNC machines, or for projects with many sensors and displays."],
  ["Arduino Leonardo (ATmega32U4)", "Arduino", 62000, "LEONARDO",
    "Uno-sized board built on the ATmega32U4, which has native USB, so it can act as a USB keyboard, mouse or MIDI device. It offers 20 digital I/O (7 PWM) and 12 analog inputs and connects over micro-USB."],
  ["Arduino Pro Mini 5V 16MHz Compatible", "Generic", 9000, "PRO MINI",
    "Tiny 33 × 18 mm ATmega328P board without a USB chip, programmed through a USB-TTL adapter such as the CP2102. Its low idle current suits battery-powered data loggers and remote sensors."],
  ["SparkFun RedBoard Qwiic", "SparkFun", 72000, "REDBOARD",
    "SparkFun's Uno-compatible ATmega328P board with a CH340 USB-serial chip and an onboard Qwiic connector for solder-free I2C sensors. Its 3.3V regulator supplies more current than the classic Uno's, which helps when running modern 3.3V breakouts."],
  ["ESP32-WROOM-32 DevKit V1 WiFi + Bluetooth Board", "Kilima Basics", 26000, "ESP32",
    "30-pin development board with a dual-core 240 MHz ESP32, 4 MB flash, 2.4 GHz WiFi 802.11 b/g/n and Bluetooth 4.2/BLE. It programs from the Arduino IDE, ESP-IDF or MicroPython through a CP2102 micro-USB port. A favourite for IoT dashboards, smart-farm monitors and home automation."],
  ["Espressif ESP32-DevKitC V4 WiFi + Bluetooth Board (WROOM-32E)", "Espressif", 38000, "DEVKITC V4",
    "Espressif's own reference board with the ESP32-WROOM-32E module (dual-core 240 MHz, 4 MB flash), WiFi 802.11 b/g/n and Bluetooth 4.2/BLE. All usable GPIO are broken out on two clearly labelled 19-pin headers, and a USB-to-UART bridge handles programming."],
  ["ESP32-S3 DevKitC-1 N16R8 WiFi + BLE 5 Board", "Espressif", 48000, "ESP32-S3",
    "Dual-core Xtensa LX7 at 240 MHz with 16 MB flash and 8 MB octal PSRAM, WiFi 4 and Bluetooth 5 LE. It has both a native USB-OTG port and a USB-UART port. Vector instructions speed up on-device AI such as keyword spotting or camera image recognition."],
  ["ESP32-C3 SuperMini WiFi + BLE Board", "Generic", 12000, "C3 MINI",
    "Thumbnail-sized (22.5 × 18 mm) board with a RISC-V ESP32-C3, 4 MB flash, WiFi and Bluetooth 5 LE and a USB-C port for programming. It suits wearables and battery sensor nodes where space is tight."],
  ["ESP32 38-Pin Development Board USB-C WiFi + Bluetooth (CP2102)", "Generic", 25000, "ESP32 38P",
    "Wider 38-pin version of the ESP32-WROOM-32 devkit that breaks out every usable GPIO, with a USB-C port and CP2102 USB chip. WiFi 802.11 b/g/n and Bluetooth 4.2 are built in. It is too wide for a single breadboard, so use two side by side or the screw-terminal expansion board."],
  ["LILYGO T-Display ESP32 WiFi Board with 1.14 inch LCD", "LILYGO", 42000, "T-DISPLAY",
    "ESP32 board with a built-in 1.14-inch 135 × 240 ST7789 IPS display, two user buttons, USB-C and a LiPo charging circuit. It is handy for WiFi clocks, sensor readouts and small dashboards without any extra wiring."],
  ["Seeed Studio XIAO ESP32-S3 WiFi + BLE Board", "Seeed Studio", 26000, "XIAO S3",
    "Thumb-sized 21 × 17.5 mm board with an ESP32-S3 (8 MB flash, 8 MB PSRAM), WiFi, Bluetooth 5 LE, USB-C and a LiPo charging circuit. It fits Grove and XIAO expansion boards for quick prototypes."],
  ["ESP8266 NodeMCU V3 WiFi Board (CH340)", "Generic", 15000, "NODEMCU",
    "ESP-12E based board with 4 MB flash and 802.11 b/g/n WiFi, 11 usable GPIO and one analog input. It programs from the Arduino IDE or MicroPython and is the cheapest way to get a sensor reading onto the internet."],
  ["Raspberry Pi 5 (4GB)", "Raspberry Pi", 235000, "PI 5 4GB",
    "Quad-core 64-bit Arm Cortex-A76 at 2.4 GHz with 4 GB LPDDR4X, dual 4Kp60 HDMI outputs, two USB 3.0 ports, Gigabit Ethernet, WiFi 5 and Bluetooth 5.0. It needs a 5V 5A USB-C supply to power USB peripherals fully. A complete Linux computer for programming classes, local servers and computer-vision projects."],
  ["Raspberry Pi 5 (8GB)", "Raspberry Pi", 310000, "PI 5 8GB",
    "The same 2.4 GHz Cortex-A76 board with 8 GB RAM for heavier jobs: a desktop with many browser tabs, Home Assistant with add-ons, or small AI models. It includes a PCIe 2.0 connector for an NVMe SSD through an M.2 HAT."],
  ["Raspberry Pi 5 Starter Kit (Case, 27W PSU, microSD)", "Raspberry Pi", 305000, "PI 5 KIT",
    "Everything needed to boot: a Raspberry Pi 5 board, the official case with fan, the 27W USB-C power supply (UK plug), a micro-HDMI cable and a microSD card pre-loaded with Raspberry Pi OS. Choose the board RAM and the card size.",
    grid("add", ["RAM", [["4GB", 0], ["8GB", 75000]]], ["microSD", [["32GB", 0], ["64GB", 8000], ["128GB", 20000]]])],
  ["Raspberry Pi 4 Model B (4GB)", "Raspberry Pi", 175000, "PI 4 4GB",
    "Quad-core Cortex-A72 at 1.8 GHz with 4 GB RAM, two micro-HDMI ports, two USB 3.0 and two USB 2.0 ports, Gigabit Ethernet and dual-band WiFi. It is still widely used in schools and for kiosks, print servers and network video recorders."],
  ["Raspberry Pi Zero 2 W", "Raspberry Pi", 52000, "ZERO 2 W",
    "Quad-core Cortex-A53 at 1 GHz with 512 MB RAM, 2.4 GHz WiFi and Bluetooth 4.2 on a 65 × 30 mm board. It has mini-HDMI, micro-USB OTG and an unpopulated 40-pin GPIO header, and suits compact camera and sensor projects."],
  ["Raspberry Pi Pico W (RP2040, WiFi)", "Raspberry Pi", 22000, "PICO W",
    "RP2040 dual-core Cortex-M0+ at 133 MHz with 264 KB RAM, 2 MB flash and an Infineon CYW43439 chip for 2.4 GHz WiFi. It is programmed in MicroPython or C/C++ by drag-and-drop over micro-USB. A low-cost way to put sensor data on a web page."],
  ["Raspberry Pi Pico 2 (RP2350)", "Raspberry Pi", 16000, "PICO 2",
    "Second-generation Pico with the RP2350: dual Arm Cortex-M33 or RISC-V cores at 150 MHz, 520 KB RAM and 4 MB flash. It keeps the original Pico pinout with 26 GPIO, 3 ADC inputs and 12 PIO state machines."],
  ["STM32F103C8T6 Blue Pill Development Board", "Generic", 12000, "BLUE PILL",
    "72 MHz Arm Cortex-M3 with 64 KB flash and 20 KB RAM on a breadboard-friendly board with micro-USB. It is programmed through an ST-Link V2 or the serial bootloader and is supported in the Arduino IDE via STM32duino."],
  ["STMicroelectronics NUCLEO-F401RE Development Board", "STMicroelectronics", 55000, "F401RE",
    "STM32F401RE Cortex-M4 at 84 MHz with 512 KB flash, an on-board ST-LINK/V2-1 debugger, Arduino Uno R3-style headers and ST morpho pins. It is a common board for embedded-systems courses using STM32CubeIDE."],
  ["Acrylic Enclosure Case for Arduino Uno R3", "Kilima Basics", 6000, "UNO CASE",
    "Laser-cut acrylic case with cut-outs for the USB and power jacks and an open top for wires to the headers. It fits both original and compatible Uno R3 boards and keeps them off metal benches.",
    simple("Color", ["Clear", "Black", "Blue"])],
  ["Arduino Uno Prototype Shield with Mini Breadboard", "Generic", 7000, "PROTO SHLD",
    "Plugs onto an Uno or Mega and adds a solderable prototyping area, a reset button, two LEDs and a 170-point mini breadboard on top. It turns a breadboard circuit into something that survives being carried to class."],
  ["ESP32 38-Pin Expansion Board with Screw Terminals", "Generic", 9000, "ESP32 EXP",
    "Carrier board for 38-pin ESP32 devkits with screw terminals on every GPIO, a DC barrel jack and 5V and 3.3V regulators. Useful for permanent installations in control panels where jumper wires would work loose."],
  ["Raspberry Pi 5 (16GB)", "Raspberry Pi", 420000, "PI 5 16GB",
    "Top Raspberry Pi 5 model with 16 GB LPDDR4X for running local language models, large Docker stacks or a full development desktop. It has the same 2.4 GHz quad-core Cortex-A76, dual 4K HDMI and PCIe 2.0 interface as the other Pi 5 models."],
  ["Raspberry Pi Compute Module 5 (4GB RAM, 32GB eMMC, Wireless)", "Raspberry Pi", 260000, "CM5 4/32",
    "Raspberry Pi 5 performance in a 55 × 40 mm module with onboard eMMC storage and WiFi/Bluetooth, designed to plug into a custom carrier board. It is the route from a Pi prototype to a commercial product."],
  ["Raspberry Pi AI Kit (Hailo-8L, M.2 HAT+)", "Raspberry Pi", 220000, "PI AI KIT",
    "Hailo-8L neural accelerator delivering 13 TOPS on an M.2 HAT+ for the Raspberry Pi 5. It runs real-time object detection, pose estimation and segmentation on camera feeds through the rpicam-apps integration."],
  ["NVIDIA Jetson Orin Nano Super Developer Kit", "NVIDIA", 780000, "ORIN NANO",
    "Compact AI computer with a 6-core Arm Cortex-A78AE CPU, a 1024-core Ampere GPU and 8 GB RAM, rated at up to 67 TOPS. It runs full CUDA and TensorRT workloads for robotics, smart cameras and computer-vision research."],
  ["Arduino Mega 2560 Rev3 (Original)", "Arduino", 140000, "MEGA REV3",
    "Official Italian-made Arduino Mega with the ATmega2560, 54 digital I/O, 16 analog inputs and 4 UARTs, using an ATmega16U2 as the USB interface. Recommended for labs that want the reference board rather than a clone."],
  ["Arduino GIGA R1 WiFi (STM32H747 Dual Core)", "Arduino", 230000, "GIGA R1",
    "Mega-format board with a dual-core STM32H747 (Cortex-M7 at 480 MHz plus Cortex-M4), 76 GPIO, WiFi and Bluetooth, a USB-A host port and camera and display connectors. It handles audio, machine-learning and touchscreen projects that overwhelm classic boards."],
  ["Arduino Portenta H7", "Arduino", 330000, "PORTENTA",
    "Industrial-grade module with a dual-core STM32H747, 8 MB SDRAM, 16 MB flash, WiFi and Bluetooth, and high-density connectors for carrier boards. It targets industrial automation, machine vision and edge-AI deployments."],
  ["Arduino Nano ESP32 WiFi + BLE (u-blox NORA-W106)", "Arduino", 58000, "NANO ESP32",
    "Nano-format board with an ESP32-S3 in a u-blox NORA-W106 module, WiFi, Bluetooth LE and USB-C. It programs in the Arduino IDE or MicroPython and fits Nano-sized projects that need connectivity."],
  ["BeagleBone Black Rev C", "BeagleBoard.org", 230000, "BEAGLEBONE",
    "TI AM3358 1 GHz Cortex-A8 with 512 MB DDR3, 4 GB eMMC, Ethernet and two PRU real-time cores, running Debian Linux. Its 92 expansion pins and PRUs make it popular for industrial control and for teaching embedded Linux."],
  ["Digilent Basys 3 Artix-7 FPGA Trainer Board", "Digilent", 550000, "BASYS 3",
    "AMD Artix-7 XC7A35T FPGA board with 16 switches, 16 LEDs, a 4-digit display, a VGA port and USB-UART, supported by the free Vivado ML Standard edition. It is the standard board for digital logic and computer architecture courses."],
  ["Arduino Opta Lite Micro PLC", "Arduino", 420000, "OPTA LITE",
    "Micro PLC with a dual-core STM32H747, four 10A relay outputs, eight inputs usable as analog or digital, and Ethernet, programmable in the IEC 61131-3 languages or Arduino sketches. It brings Arduino ease to pump control, lighting and small production lines."],
  ["Siemens LOGO! 8.4 12/24RCE Logic Module", "Siemens", 460000, "LOGO! 8.4",
    "Compact Siemens logic controller with eight inputs, four 10A relay outputs, a display, Ethernet and a built-in web server, programmed with LOGO! Soft Comfort. It is widely used for water pumps, gates, lighting and small machine automation."],
];

// ---------------------------------------------------------------------------------------------------
// Sensors & Modules
// ---------------------------------------------------------------------------------------------------

const SEN_ROWS: Row[] = [
  ["HC-SR04 Ultrasonic Distance Sensor", "Generic", 4500, "HC-SR04",
    "Measures 2 cm to 400 cm with about 3 mm resolution using 40 kHz ultrasonic pulses, on a 5V supply with trigger and echo pins. It is used in obstacle-avoiding robots, water-tank level monitors and parking aids."],
  ["DHT22 Temperature & Humidity Sensor (AM2302) Module", "Generic", 12000, "DHT22",
    "Reads -40 to 80 °C (±0.5 °C) and 0–100% RH (±2%) over a single-wire digital line at 3.3–5V, one reading every 2 seconds. Mounted on a small PCB with the pull-up resistor fitted. Good for greenhouses, poultry houses and server-room monitoring."],
  ["DHT11 Temperature & Humidity Sensor Module", "Generic", 5000, "DHT11",
    "Basic 0–50 °C (±2 °C) and 20–90% RH (±5%) sensor with a one-wire digital output on a 3-pin module. It is fine for classroom weather stations; choose the DHT22 when accuracy matters."],
  ["DS18B20 Waterproof Temperature Probe (1m Cable)", "Generic", 6000, "DS18B20",
    "Stainless-steel probe on a 1 m cable that measures -55 to 125 °C (±0.5 °C from -10 to 85 °C) over the 1-Wire bus. Several probes can share one pin, which makes it ideal for fish ponds, water heaters and incubators."],
  ["BME280 Pressure, Temperature & Humidity Sensor (I2C/SPI)", "Generic", 15000, "BME280",
    "Bosch BME280 on a 3.3V breakout measuring pressure (300–1100 hPa), temperature and humidity over I2C or SPI. Pressure resolution is fine enough to estimate altitude changes of about 1 m. A good core for a school weather station."],
  ["PIR Motion Sensor HC-SR501", "Generic", 4500, "HC-SR501",
    "Passive infrared sensor that detects people up to about 7 m away in a 120° cone, with adjustable delay (5–300 s) and sensitivity. It runs on 5–20V with a 3.3V digital output and is used in security lights, alarms and automatic doors."],
  ["Soil Moisture Sensor Capacitive v1.2", "Generic", 4000, "SOIL CAP",
    "Corrosion-resistant capacitive probe that outputs an analog voltage (about 1.2–2.5V) depending on soil water content, running on 3.3–5.5V. It lasts far longer in the ground than the two-prong resistive type. Used in drip-irrigation controllers for shamba and greenhouse projects."],
  ["MQ-2 Gas & Smoke Sensor Module", "Generic", 5000, "MQ-2",
    "Detects LPG, propane, methane, hydrogen and smoke from about 300 to 10,000 ppm, with both analog and adjustable digital outputs. The heater needs 5V and a warm-up of a few minutes. Common in kitchen gas-leak alarms for homes and restaurants using LPG cylinders."],
  ["MQ-135 Air Quality Sensor Module", "Generic", 6000, "MQ-135",
    "Gas sensor sensitive to ammonia, NOx, benzene, smoke and CO2 with analog and digital outputs on a 5V supply. It gives relative air-quality readings rather than calibrated ppm values, which suits ventilation alarms and poultry-house ammonia monitoring."],
  ["MPU-6050 6-Axis Accelerometer & Gyroscope (GY-521)", "Generic", 6500, "MPU-6050",
    "3-axis accelerometer and 3-axis gyroscope with a 16-bit ADC and an on-chip motion processor, read over I2C. The GY-521 board has a regulator, so it runs from 3.3–5V. Used for self-balancing robots, drones and tilt alarms."],
  ["NEO-6M GPS Module with Antenna (GY-GPS6MV2)", "Generic", 18000, "NEO-6M",
    "u-blox NEO-6M receiver with a ceramic patch antenna, backup battery and 9600-baud UART NMEA output, accurate to about 2.5 m with a clear sky view. Paired with a SIM800L it makes the classic boda boda and vehicle tracker project."],
  ["RC522 RFID Reader Kit 13.56MHz with Card & Tag", "Generic", 8000, "RC522",
    "MFRC522 reader for 13.56 MHz MIFARE cards with an SPI interface at 3.3V, supplied with a white card and a blue key-fob tag. It reads at up to about 5 cm and is used for door locks, attendance registers and cashless canteen projects."],
  ["HX711 Load Cell Amplifier + 5kg Load Cell", "Generic", 12000, "HX711",
    "24-bit HX711 ADC board and an aluminium 5 kg bar load cell for building digital scales. It reads over a simple two-wire interface at 2.7–5V. Students use it for weighing scales, beehive monitors and fill-level sensing of gas cylinders."],
  ["ACS712 Current Sensor Module 20A", "Generic", 7000, "ACS712",
    "Hall-effect current sensor measuring ±20A AC or DC with 100 mV/A analog output and galvanic isolation from the measured circuit. It runs on 5V and is used to log the current drawn by pumps, lights and solar loads."],
  ["ZMPT101B AC Voltage Sensor Module", "Generic", 8500, "ZMPT101B",
    "Isolated AC voltage sensor built around a miniature ZMPT101B transformer, measuring mains up to 250V with an adjustable analog output. Useful for logging TANESCO supply voltage and detecting outages or low-voltage conditions."],
  ["LDR Light Sensor Module (Photoresistor)", "Generic", 2500, "LDR",
    "Photoresistor on a small board with an LM393 comparator, giving an analog light level and a digital output with adjustable threshold. It is used for automatic security lights and day/night switching."],
  ["TCRT5000 Line Tracking Sensor Module", "Generic", 3000, "TCRT5000",
    "Reflective infrared sensor that distinguishes black lines from white surfaces at 1–8 mm, with digital and analog outputs. Used in line-follower robots for school and university robotics competitions."],
  ["Water Flow Sensor YF-S201 1/2 inch", "Generic", 15000, "YF-S201",
    "Hall-effect flow meter for 1–30 L/min on a 1/2-inch thread, producing about 450 pulses per litre on a 5V supply. It is used in water metering, prepaid water dispensers and irrigation logging."],
  ["Fingerprint Sensor Module R307", "Generic", 45000, "R307",
    "Optical fingerprint module that stores up to 1000 templates and matches in under a second, communicating over UART. It is widely used for staff attendance systems and door access in offices and schools."],
  ["VL53L0X Time-of-Flight Distance Sensor", "Generic", 14000, "VL53L0X",
    "Laser time-of-flight sensor measuring up to about 2 m with millimetre resolution over I2C. Its narrow beam and small size make it better than ultrasonic sensors for small robots and gesture detection."],
  ["DFRobot Gravity Analog pH Sensor Kit V2", "DFRobot", 105000, "PH V2",
    "Lab-grade pH probe with a Gravity signal board that works on 3.3–5V and measures pH 0–14 with ±0.1 accuracy at 25 °C. It is used for monitoring fish ponds, hydroponic nutrient tanks and water treatment."],
  ["Adafruit BME680 Gas, Temperature, Humidity & Pressure Sensor", "Adafruit", 62000, "BME680",
    "Bosch BME680 on an Adafruit breakout with I2C, SPI and STEMMA QT connectors, measuring VOC gas resistance as well as temperature, humidity and pressure. It runs on 3.3V or 5V logic and suits indoor air-quality monitors."],
  ["5V 1-Channel Relay Module (10A, Optocoupler)", "Generic", 4000, "RELAY 1CH",
    "Songle-type relay rated 10A at 250V AC with an optocoupler input and LED indicator, driven directly from a 3.3V or 5V microcontroller pin. It switches pumps, lights and sockets in home-automation projects."],
  ["5V 4-Channel Relay Module (10A, Optocoupler)", "Generic", 12000, "RELAY 4CH",
    "Four 10A 250V AC relays with optocoupled inputs and indicator LEDs on one board. It is a common choice for controlling several water pumps, lights or gates from one ESP32."],
  ["DS3231 Real Time Clock Module (I2C)", "Generic", 7000, "DS3231",
    "Temperature-compensated RTC accurate to about ±2 ppm, with a coin-cell holder that keeps time during power cuts. It also carries an AT24C32 EEPROM and is used for data loggers, timers and school bell controllers."],
  ["37-in-1 Sensor Module Kit", "Generic", 65000, "37-IN-1",
    "Box of 37 small modules including temperature, light, sound, tilt, flame, joystick, relay, RGB LED and IR sensors. It covers most Arduino lab exercises and is handy for clubs that share one kit between groups."],
  ["MLX90640 Thermal Camera Breakout 32x24 (110°)", "Generic", 180000, "MLX90640",
    "768-pixel far-infrared sensor array measuring -40 to 300 °C over I2C, producing low-resolution thermal images at up to 64 Hz. It is used to spot overheating breakers, solar-panel hot spots and fevers in livestock."],
  ["RS485 Soil NPK Sensor (Nitrogen, Phosphorus, Potassium)", "Generic", 175000, "NPK RS485",
    "Stainless-steel probe that estimates soil nitrogen, phosphorus and potassium and reports over RS485 Modbus at 9600 baud on a 5–30V supply. The readings are derived from soil conductivity, so calibrate against a laboratory soil test. Agritech projects pair it with a MAX485 and an ESP32 to guide fertiliser use."],
  ["Weather Station Kit: Anemometer, Wind Vane & Rain Gauge", "Generic", 160000, "WEATHER",
    "Cup anemometer, wind vane and tipping-bucket rain gauge with RJ11 leads, giving reed-switch pulses and a resistive direction signal that any microcontroller can read. It is the outdoor half of a school or farm weather station."],
  ["Senseair S8 LP CO2 Sensor (NDIR)", "Senseair", 120000, "S8 CO2",
    "Maintenance-free NDIR carbon dioxide sensor measuring 400–2000 ppm with automatic baseline correction, read over UART Modbus. It monitors ventilation in classrooms, offices and mushroom growing rooms."],
  ["Luxonis OAK-D Lite AI Depth Camera", "Luxonis", 480000, "OAK-D LITE",
    "Stereo depth camera with a 13 MP colour sensor and an on-board Myriad X VPU that runs neural networks at 4 TOPS, connected over USB-C. It provides object detection with distance for robots and people-counting systems."],
];

// ---------------------------------------------------------------------------------------------------
// IoT & Networking Modules
// ---------------------------------------------------------------------------------------------------

const IOT_ROWS: Row[] = [
  ["SIM800L GSM/GPRS Module", "Generic", 18000, "SIM800L",
    "Quad-band 850/900/1800/1900 MHz GSM module for SMS, voice calls and GPRS data, controlled with AT commands over UART. It needs a 3.7–4.2V supply able to deliver 2A bursts, such as a Li-ion cell or buck converter, not the Arduino 5V pin. Used for SMS alerts from farms, generators and alarm systems on 2G networks."],
  ["SIM7600E 4G LTE Cat-1 Module with GPS", "Generic", 135000, "SIM7600E",
    "SIMCom LTE Cat-1 module with 2G/3G fallback, GNSS positioning and a USB plus UART interface, on a board with SIM slot and antenna connectors. It keeps trackers and remote meters working where operators are switching off older networks."],
  ["A7670E 4G LTE Cat-1 Module (SMS, Voice, Data)", "Generic", 65000, "A7670E",
    "Low-cost 4G Cat-1 module with up to 10 Mbps download, SMS and voice over UART AT commands. It is a drop-in modern replacement for SIM800L projects and runs from a 3.4–4.2V supply."],
  ["LoRa SX1278 433MHz Module (Ra-02)", "Generic", 14000, "SX1278",
    "Semtech SX1278 LoRa transceiver at 433 MHz with up to +20 dBm output and an SPI interface at 3.3V. Links of several kilometres are possible line-of-sight. Used for farm telemetry and water-tank monitoring where there is no WiFi."],
  ["LoRa SX1276 868MHz Module (RFM95W)", "Generic", 22000, "RFM95W",
    "HopeRF RFM95W with the SX1276 chip for the 868 MHz band, +20 dBm output and SPI at 3.3V. It works with LoRaWAN libraries such as LMIC for connecting sensors to a gateway."],
  ["Heltec WiFi LoRa 32 V3 (ESP32-S3 + SX1262, OLED)", "Heltec", 65000, "HELTEC V3",
    "ESP32-S3 board with WiFi, Bluetooth LE and an SX1262 LoRa radio, plus a 0.96-inch OLED and LiPo charging. It serves as a LoRa node or a small gateway that forwards readings to the internet over WiFi."],
  ["ESP-01 ESP8266 WiFi Module", "Generic", 6000, "ESP-01",
    "Tiny 8-pin ESP8266 module with 1 MB flash and 2 GPIO, controlled by AT commands or programmed directly. It adds WiFi to an Arduino over serial but needs a 3.3V supply that can deliver 300 mA."],
  ["ESP32-CAM WiFi + Bluetooth Camera Module with OV2640", "Generic", 25000, "ESP32-CAM",
    "ESP32 module with 4 MB PSRAM, a 2 MP OV2640 camera, a microSD slot and a flash LED. It streams video over WiFi and is used for security cameras, face detection and remote crop monitoring; a USB-TTL adapter or the ESP32-CAM-MB board is needed for programming."],
  ["ESP32-CAM-MB Micro USB Programmer Board", "Generic", 6000, "CAM-MB",
    "Carrier board with a CH340 USB chip and auto-reset circuit that the ESP32-CAM plugs into for one-click uploads. It also powers the camera board from USB."],
  ["W5500 Ethernet Module (SPI, Hardwired TCP/IP)", "Generic", 16000, "W5500",
    "WIZnet W5500 with a hardwired TCP/IP stack, 8 sockets and an SPI interface up to 80 MHz. It takes the networking load off the microcontroller and is the recommended wired option for ESP32 and STM32 projects."],
  ["Arduino Ethernet Shield W5100 Compatible", "Generic", 22000, "W5100",
    "Uno and Mega shield with a WIZnet W5100 Ethernet chip, an RJ45 socket and a microSD slot. It works with the standard Arduino Ethernet library for web servers and MQTT clients."],
  ["nRF24L01+ 2.4GHz Wireless Module (Pack of 2)", "Generic", 7000, "NRF24L01",
    "Two 2.4 GHz transceivers with an SPI interface and up to 2 Mbps data rate, reaching about 100 m in the open. They link sensor nodes, remote controls and robot cars without WiFi."],
  ["HC-05 Bluetooth Serial Module", "Generic", 11000, "HC-05",
    "Bluetooth 2.0 SPP module that can work as master or slave, giving a wireless serial link at up to 10 m. It pairs with Android apps to control robot cars, relays and LED signs from a phone."],
  ["HC-12 433MHz Wireless Serial Module", "Generic", 12000, "HC-12",
    "Long-range 433 MHz transparent serial link using the SI4463 chip, reaching around 1 km in the open at low baud rates. It replaces a serial cable between two boards without any protocol code."],
  ["RS485 to TTL Converter Module (MAX485)", "Generic", 3000, "MAX485",
    "MAX485 transceiver for half-duplex RS485 at 5V, allowing cable runs of hundreds of metres. It is used to read Modbus energy meters, solar inverters and industrial sensors."],
  ["USB to TTL Serial Adapter CP2102", "Generic", 7000, "CP2102",
    "CP2102 USB-UART bridge with 3.3V and 5V outputs and TX/RX LEDs. It programs ESP-01, Pro Mini and ESP32-CAM boards and gives a serial console on routers and Raspberry Pi."],
  ["TP-Link TL-MR100 300Mbps Wireless N 4G LTE Router", "TP-Link", 145000, "TL-MR100",
    "Plug-in 4G router with a micro-SIM slot, 300 Mbps 2.4 GHz WiFi, two detachable LTE antennas and a LAN/WAN port. It gives shops, offices and IoT gateways internet access without a fixed line."],
  ["GSM/4G Antenna SMA Male with 3m Cable", "Generic", 8000, "ANT 4G",
    "Magnetic-base 4G/GSM antenna with about 5 dBi gain and a 3 m cable ending in an SMA male plug. Mounting it outside a metal cabinet or on a roof noticeably improves signal for GSM modules and routers."],
  ["Sonoff Basic R2 WiFi Smart Switch", "Sonoff", 22000, "SONOFF R2",
    "ESP8266-based inline switch rated 10A at 100–240V AC, controlled through the eWeLink app over WiFi. It can also be reflashed with Tasmota or ESPHome for local control."],
  ["WiFi Smart Plug 13A UK Type G (Tuya / Smart Life)", "Generic", 28000, "SMARTPLUG",
    "Type G smart plug rated 13A that switches appliances on schedules or from the Tuya/Smart Life app and works with Alexa and Google Home. It suits water heaters, fans and signage lights."],
  ["RAKwireless RAK7268V2 WisGate Edge Lite 2 LoRaWAN Gateway", "RAKwireless", 650000, "RAK7268V2",
    "Indoor 8-channel LoRaWAN gateway with a built-in network server, Ethernet and WiFi backhaul and support for The Things Network and ChirpStack. One gateway can cover a farm or campus full of LoRa sensors."],
  ["Teltonika RUT241 Industrial 4G LTE Router", "Teltonika", 450000, "RUT241",
    "Industrial 4G Cat-4 router with WiFi, two Ethernet ports, digital input and output, Modbus and remote management through RMS. It runs reliably in control cabinets, water pumping stations and solar sites."],
  ["MikroTik hAP ax² Dual-Band WiFi 6 Router", "MikroTik", 300000, "HAP AX2",
    "WiFi 6 router with five Gigabit Ethernet ports, 2.4 and 5 GHz radios and RouterOS for VLANs, hotspots and bandwidth control. It is widely used by local ISPs and offices for hotspot and bandwidth management."],
  ["Hikvision DS-2CD1043G2-I 4MP IP Bullet Camera", "Hikvision", 150000, "DS-2CD1043",
    "4 MP network camera with H.265+ compression, up to 30 m infrared night vision, PoE power and an IP67 weather rating. It records to an NVR or streams to the Hik-Connect app for shops, homes and offices."],
  ["Hikvision DS-7608NI-Q1/8P 8-Channel PoE NVR", "Hikvision", 420000, "NVR 8CH",
    "Network video recorder with eight built-in PoE ports, 4K HDMI output and one SATA bay for up to 10 TB, recording cameras up to 8 MP. It is the core of an eight-camera IP CCTV system."],
  ["Ubiquiti UniFi U6 Lite WiFi 6 Access Point", "Ubiquiti", 320000, "U6 LITE",
    "Ceiling-mount dual-band WiFi 6 access point powered over PoE and managed from the UniFi Network application. It covers about 115 m² and supports more than 300 connected clients."],
  ["Waveshare SIM7600G-H 4G HAT for Raspberry Pi", "Waveshare", 220000, "SIM7600HAT",
    "Global-band LTE Cat-4 HAT with GNSS that gives a Raspberry Pi mobile internet over USB, plus SMS and calls over the UART. It connects remote kiosks, cameras and data loggers where there is no fixed line."],
];

// ---------------------------------------------------------------------------------------------------
// Displays
// ---------------------------------------------------------------------------------------------------

const DSP_ROWS: Row[] = [
  ["0.96 inch OLED Display I2C SSD1306 (128x64)", "Generic", 9000, "OLED 0.96",
    "128 × 64 pixel OLED with the SSD1306 controller on a 4-pin I2C interface (address 0x3C), running on 3.3–5V. It is sharp, readable in sunlight and needs no backlight, so it is the usual choice for sensor readouts.",
    simple("Color", ["White", "Blue", "Yellow-Blue"])],
  ["1.3 inch OLED Display I2C SH1106 (128x64)", "Generic", 13000, "OLED 1.3",
    "Larger 128 × 64 OLED using the SH1106 controller on I2C; use the U8g2 library rather than the SSD1306 one. It is easier to read from a distance for meters and menus."],
  ["16x2 LCD Display 1602 with I2C Backpack (Blue)", "Generic", 12000, "1602 I2C",
    "HD44780-compatible 16-character, 2-line LCD with a blue backlight and a PCF8574 I2C backpack already soldered, needing only 4 wires. A contrast trimmer sits on the backpack. It is the standard display for school projects and prepaid-meter prototypes."],
  ["16x2 LCD Display 1602 (HD44780, Green Backlight)", "Generic", 7000, "LCD 1602",
    "16 × 2 character LCD with a yellow-green backlight and a 16-pin parallel interface at 5V. Wire it in 4-bit mode with six Arduino pins and a 10k contrast potentiometer."],
  ["20x4 LCD Display 2004 with I2C Backpack", "Generic", 18000, "LCD 2004",
    "Four lines of 20 characters with a blue backlight and an I2C backpack, so it shows more readings at once. It suits control panels for pumps, incubators and solar monitors."],
  ["1.8 inch TFT LCD Display SPI ST7735 (128x160)", "Generic", 14000, "TFT 1.8",
    "Colour 128 × 160 TFT with the ST7735 driver on SPI and a microSD slot on the back. It works with the Adafruit GFX library for graphs and icons."],
  ["2.4 inch TFT Touch Shield for Arduino Uno (ILI9341)", "Generic", 25000, "TFT 2.4",
    "320 × 240 colour touchscreen shield that plugs straight onto an Uno or Mega, with a resistive touch panel and a microSD slot. It uses an 8-bit parallel bus and most of the Uno's pins."],
  ["3.5 inch TFT LCD Touchscreen for Raspberry Pi (480x320)", "Generic", 45000, "TFT 3.5",
    "480 × 320 resistive touchscreen that sits on the Raspberry Pi GPIO header and runs over SPI. It is good for small control panels and status displays rather than video playback."],
  ["Waveshare 7 inch HDMI LCD (C) Capacitive Touch 1024x600", "Waveshare", 185000, "WS 7 HDMI",
    "7-inch 1024 × 600 IPS panel with HDMI input and 5-point capacitive touch over USB, driver-free on Raspberry Pi OS and Windows. It makes a neat kiosk or point-of-sale screen."],
  ["Waveshare 2.13 inch E-Paper Display HAT for Raspberry Pi", "Waveshare", 48000, "EPD 2.13",
    "250 × 122 black-and-white e-paper HAT with an SPI interface that keeps its image with no power. It is ideal for shelf price labels, room signs and low-power dashboards."],
  ["Raspberry Pi Touch Display 2 (7 inch)", "Raspberry Pi", 210000, "PI TOUCH2",
    "Official 7-inch 720 × 1280 display with 5-point capacitive touch, connected to the Raspberry Pi by a single DSI ribbon and powered from the GPIO header. It works out of the box with Raspberry Pi OS."],
  ["MAX7219 8x8 LED Dot Matrix Module (4-in-1)", "Generic", 14000, "MAX7219",
    "Four cascaded 8 × 8 red LED matrices driven by MAX7219 chips over a 3-wire SPI interface at 5V. It is used for scrolling text, clocks and queue-number displays."],
  ["TM1637 4-Digit 7-Segment Display Module", "Generic", 4000, "TM1637",
    "0.36-inch red 4-digit display with a centre colon and a two-wire TM1637 interface. It is the easy choice for clocks, timers and counters."],
  ["WS2812B Addressable RGB LED Strip 5V 60 LEDs/m", "Generic", 25000, "WS2812B",
    "Individually addressable RGB LEDs on a flexible strip, 60 per metre, controlled from one data pin with the FastLED or NeoPixel libraries. Each metre draws up to 3.6A at full white, so plan the 5V supply. Choose the length and the bare (IP30) or silicone-coated (IP65) version.",
    grid("add", ["Length", [["1m", 0], ["5m", 85000]]], ["Protection", [["IP30", 0], ["IP65", 5000]]])],
  ["8x8 WS2812B RGB LED Matrix Panel", "Generic", 18000, "RGB 8x8",
    "64 addressable RGB LEDs on a rigid board with data in and out pads for chaining panels. It suits animated signs, lamps and game projects."],
  ["P10 Outdoor LED Display Module Red 32x16", "Generic", 28000, "P10 RED",
    "Single-red outdoor module measuring 320 × 160 mm with 32 × 16 LEDs at 10 mm pitch and a HUB12 input. Modules are chained together with a controller card to build the scrolling signs seen on pharmacies, churches and bus offices."],
  ["P5 Indoor RGB LED Matrix Panel 64x32", "Generic", 55000, "P5 RGB",
    "Full-colour 64 × 32 pixel panel at 5 mm pitch (320 × 160 mm) with a HUB75 input. It is driven by an ESP32 or a dedicated controller for menus and advertising screens indoors."],
  ["WiFi LED Sign Controller Card for P10 Modules", "Generic", 45000, "P10 CTRL",
    "Controller card for single- and dual-colour P10 displays with HUB12 outputs, programmed from a phone app over WiFi or from a PC via USB. It stores messages and shows them with scrolling effects after power cuts."],
  ["Nextion NX4832T035 3.5 inch HMI Touch Display", "Nextion", 110000, "NEXTION",
    "480 × 320 resistive touch HMI with its own processor and flash, designed in the Nextion Editor and talking to your microcontroller over serial. It takes the graphics load off an Arduino for machine control panels."],

  ["10.1 inch HDMI IPS Touch Monitor 1280x800 (Raspberry Pi)", "Generic", 230000, "10.1 HDMI",
    "10.1-inch IPS panel with 10-point capacitive touch over USB, HDMI input and a stand, driver-free on Raspberry Pi OS, Windows and Ubuntu. It suits point-of-sale terminals, smart-home panels and lab dashboards."],
  ["Waveshare 7.5 inch E-Paper HAT (800x480)", "Waveshare", 160000, "EPD 7.5",
    "Large black-and-white e-paper display with an SPI driver HAT for Raspberry Pi, Arduino and ESP32. It shows timetables, calendars and notices all day while drawing power only when it refreshes."],
  ["15.6 inch Portable USB-C Monitor 1080p IPS", "Generic", 350000, "15.6 USB-C",
    "Slim 1920 × 1080 IPS monitor powered and driven over a single USB-C cable, with mini-HDMI for a Raspberry Pi or camera. It comes with a folding cover stand and suits field engineers and presentations."],
  ["P10 Outdoor LED Sign Kit Red 96x32cm (Modules, Controller, PSU)", "Kilima Basics", 420000, "P10 KIT",
    "Ready-to-assemble 3 × 2 module red scrolling sign with a WiFi controller card, a 5V 40A power supply, aluminium frame profiles and cables. It is a popular size for shop fronts, pharmacies and church notice boards."],
];

// ---------------------------------------------------------------------------------------------------
// Motors & Drivers
// ---------------------------------------------------------------------------------------------------

const MOT_ROWS: Row[] = [
  ["L298N Dual H-Bridge Motor Driver", "Generic", 7000, "L298N",
    "Drives two DC motors, or one bipolar stepper, at 5–35V and up to 2A per channel, with an onboard 5V regulator and heatsink. Direction is set on IN1–IN4 and speed by PWM on ENA/ENB. It is the standard driver for 2WD and 4WD robot cars in school competitions."],
  ["SG90 Micro Servo 9g", "Generic", 4500, "SG90",
    "9 g plastic-gear servo with about 1.8 kg·cm torque at 4.8V and 180° rotation, supplied with horns and screws. It is used in robot arms, pan-tilt camera mounts and automatic feeders. Buy in packs for multi-joint builds.",
    packs("Pack", [["1 pc", 0], ["2 pcs", 4000], ["5 pcs", 15500], ["10 pcs", 29500]])],
  ["MG996R High Torque Metal Gear Servo", "Generic", 18000, "MG996R",
    "Standard-size servo with metal gears and about 11 kg·cm torque at 6V, rotating 180°. It needs a separate 5–6V supply able to deliver 2A, and suits robot arms and steering."],
  ["28BYJ-48 5V Stepper Motor with ULN2003 Driver Board", "Generic", 7500, "28BYJ-48",
    "Geared unipolar stepper with a 1/64 reduction (about 2048 steps per turn) supplied with a ULN2003 driver board and LEDs. It is slow but precise and suits valves, blinds and rotating displays."],
  ["NEMA 17 Stepper Motor 1.8°", "Generic", 22000, "NEMA17",
    "Bipolar 1.8° (200 steps per revolution) stepper with a 5 mm D-shaft and 4-wire connection, the size used in most 3D printers and CNC machines. Longer bodies give more holding torque, from about 0.28 N·m at 34 mm to 0.45 N·m at 48 mm.",
    grid("add", ["Length", [["34mm", 0], ["40mm", 4000], ["48mm", 8000]]], ["Cable", [["Without Cable", 0], ["With 1m Cable", 2000]]])],
  ["A4988 Stepper Motor Driver with Heatsink", "Generic", 4000, "A4988",
    "Bipolar stepper driver up to 2A per coil (1A without cooling) with microstepping to 1/16 and an adjustable current limit. It fits RAMPS and CNC shields."],
  ["TMC2209 Silent Stepper Driver V3.1", "Generic", 12000, "TMC2209",
    "Trinamic TMC2209 driver with near-silent StealthChop, up to 2A RMS, 1/256 microstep interpolation and UART configuration. A common upgrade that makes 3D printers much quieter."],
  ["TB6612FNG Dual Motor Driver Module", "Generic", 8000, "TB6612",
    "MOSFET-based dual H-bridge delivering 1.2A continuous per channel at up to 13.5V with much lower losses than the L298N. It suits small battery robots with N20 or TT motors."],
  ["BTS7960 43A High Power Motor Driver", "Generic", 25000, "BTS7960",
    "Dual BTS7960 half-bridges forming an H-bridge for one DC motor at 6–27V and up to 43A peak, with PWM up to 25 kHz. It drives wheelchair motors, electric gates and large robots."],
  ["TT Gear Motor 3-6V with Wheel (Pair)", "Generic", 8000, "TT MOTOR",
    "Two yellow plastic gearbox motors (1:48) with 65 mm rubber wheels, about 200 rpm at 6V. They are the motors on most 2WD and 4WD robot car chassis."],
  ["JGA25-370 12V DC Gear Motor with Encoder", "Generic", 32000, "JGA25-370",
    "12V gear motor with a Hall-effect quadrature encoder for closed-loop speed and position control, available at around 280 rpm output. It is used in PID robot projects and differential-drive platforms."],
  ["775 DC Motor 12V High Speed", "Generic", 18000, "775 MOTOR",
    "Large brushed motor with ball bearings and about 10,000 rpm at 12V, with a 5 mm shaft. It powers DIY drills, grinders, fans and grain-cleaning machines."],
  ["R385 12V Diaphragm Water Pump", "Generic", 12000, "R385 PUMP",
    "Self-priming 12V diaphragm pump delivering about 1.5–2 L/min, with 8 mm hose barbs. It is used in water dispensers, small irrigation rigs and aquarium projects."],
  ["5V Mini Submersible Water Pump with 1m Tube", "Generic", 5000, "MINI PUMP",
    "Small brushless submersible pump running on 3–5V at about 100 L/h, supplied with 1 m of tubing. It is perfect for automatic plant watering demos with a soil moisture sensor."],
  ["12V Solenoid Valve 1/2 inch (Normally Closed)", "Generic", 18000, "SOLENOID",
    "Plastic-bodied 1/2-inch valve that opens when 12V DC is applied and needs at least 0.02 MPa of water pressure. It controls irrigation lines and tank filling together with a relay."],
  ["Brushless Motor A2212 1000KV with 30A ESC", "Generic", 45000, "A2212",
    "Outrunner brushless motor rated 1000 KV with a 30A electronic speed controller, for 2S–3S LiPo batteries. It is the common motor for F450 quadcopters and RC planes."],
  ["PCA9685 16-Channel 12-bit PWM Servo Driver", "Generic", 12000, "PCA9685",
    "Drives up to 16 servos or LEDs from two I2C pins with 12-bit resolution, with a separate terminal for servo power. It is essential for robot arms and hexapods."],
  ["Adafruit Motor Shield V2 for Arduino", "Adafruit", 65000, "MOTOR V2",
    "Shield with two TB6612 MOSFET drivers for four DC motors or two steppers at 1.2A per channel, plus two servo headers. It is controlled over I2C, so shields can be stacked."],
  ["12V Linear Actuator 100mm Stroke", "Generic", 110000, "ACTUATOR",
    "Electric push-rod actuator with a 100 mm stroke, about 900 N force and built-in limit switches, running on 12V DC. It automates solar tracker panels, hatches and poultry-house vents."],
  ["NEMA 23 Stepper Motor 2.8 N·m with DM542 Driver Kit", "Generic", 260000, "NEMA23 KIT",
    "High-torque 57 mm stepper rated 2.8 N·m with a DM542 microstepping driver (up to 4.2A, 18–50V). It is the usual drive for wood and metal CNC routers and plasma tables."],
  ["Sliding Gate Opener Motor 800kg (with 2 Remotes)", "Generic", 950000, "GATE 800",
    "230V AC sliding gate operator for gates up to 800 kg, supplied with gear rack, two remote controls, magnetic limit switches and soft start and stop. It is widely installed on homes and compounds in Dar es Salaam."],
  ["48V 1000W BLDC Hub Motor E-Bike Conversion Kit", "Generic", 950000, "EBIKE 1KW",
    "Rear hub motor laced into a 26-inch wheel with a 48V sine-wave controller, thumb throttle, brake levers and pedal-assist sensor. Pair it with a 48V battery to convert a bicycle for deliveries."],
  ["ROBOTIS Dynamixel XL430-W250-T Smart Servo", "ROBOTIS", 165000, "XL430",
    "Smart servo with a contactless 12-bit absolute encoder, position, velocity and current control modes and a TTL daisy-chain bus. It is used in research robot arms and the TurtleBot3."],
  ["AC Servo Motor 750W with Driver (220V)", "Generic", 1250000, "SERVO 750W",
    "80 mm frame 750W servo motor with 2.39 N·m rated torque, a 17-bit encoder and a matching driver that accepts pulse and direction input. It is used on CNC routers and industrial machines that need closed-loop precision."],
];

// ---------------------------------------------------------------------------------------------------
// Semiconductors & LEDs
// ---------------------------------------------------------------------------------------------------

const SEM_ROWS: Row[] = [
  ["5mm Round LED Diffused (Pack of 20)", "Generic", 2000, "5mm LED",
    "Through-hole 5 mm LEDs with about 20 mA rated current; red, green and yellow run at about 2V and blue and white at about 3.2V. Use a 220–330 Ohm resistor on 5V.",
    simple("Color", ["Red", "Green", "Yellow", ["Blue", 500], ["White", 500], ["Warm White", 500]])],
  ["1W High Power LED with Star Heatsink (Pack of 5)", "Generic", 5000, "1W LED",
    "Cool white 1W LEDs at about 350 mA and 3.2V, pre-mounted on 20 mm aluminium star boards. They need a constant-current driver and suit torches and solar lamps."],
  ["BC547 NPN Transistor (Pack of 20)", "Generic", 2000, "BC547",
    "General-purpose NPN transistor in TO-92, 45V and 100 mA. It is used for switching LEDs and small relays and in audio preamps."],
  ["TIP120 Darlington Transistor (Pack of 5)", "STMicroelectronics", 4000, "TIP120",
    "NPN Darlington power transistor in TO-220, rated 60V and 5A with high gain. It switches motors, solenoids and LED strips from a microcontroller pin."],
  ["IRFZ44N N-Channel MOSFET (Pack of 5)", "Generic", 5000, "IRFZ44N",
    "55V 49A N-channel MOSFET in TO-220 with a low 17.5 mOhm on-resistance. It needs about 10V on the gate to turn fully on, so use a gate driver or choose the IRLZ44N for 5V logic."],
  ["IRLZ44N Logic-Level MOSFET (Pack of 5)", "Generic", 7000, "IRLZ44N",
    "55V 47A logic-level N-channel MOSFET that switches fully from a 5V Arduino pin. It is the easy choice for PWM dimming of 12V LED strips and DC motors."],
  ["1N4007 Rectifier Diode 1A 1000V (Pack of 50)", "Vishay", 2500, "1N4007",
    "General-purpose silicon rectifier diode rated 1A and 1000V in DO-41. It is used for reverse-polarity protection, flyback across relays and simple AC rectifiers."],
  ["Zener Diode Assortment 0.5W 3.3V–30V (140 pcs)", "Generic", 6000, "ZENER KIT",
    "Fourteen common Zener voltages from 3.3V to 30V, ten of each, in a labelled box. They are used for voltage references and input protection."],
  ["NE555 Timer IC (Pack of 5)", "Texas Instruments", 2500, "NE555",
    "Classic 555 timer in DIP-8 for astable and monostable circuits at 4.5–16V. It is used in flashers, tone generators and PWM circuits in every electronics course."],
  ["LM358 Dual Op-Amp IC (Pack of 5)", "Texas Instruments", 3000, "LM358",
    "Dual operational amplifier that works from a single 3–32V supply. It is used in sensor signal conditioning, comparators and active filters."],
  ["L7805CV 5V Voltage Regulator TO-220 (Pack of 5)", "STMicroelectronics", 3500, "7805",
    "Fixed 5V linear regulator rated 1.5A with thermal shutdown, accepting 7–35V input. Add a heatsink when dropping 12V to 5V at more than a few hundred milliamps."],
  ["ATmega328P-PU with Arduino Bootloader", "Microchip", 12000, "328P-PU",
    "DIP-28 ATmega328P pre-loaded with the Arduino Uno bootloader, ready to drop into an Uno or a breadboard circuit with a 16 MHz crystal. It is the cheapest way to turn a prototype into a permanent board."],
  ["ATtiny85-20PU Microcontroller (DIP-8)", "Microchip", 7000, "ATTINY85",
    "8-pin AVR with 8 KB flash and 6 I/O pins, programmable from the Arduino IDE through an Uno or a USBasp. It suits tiny gadgets such as LED effects and sensors."],
  ["PIC16F877A Microcontroller DIP-40", "Microchip", 15000, "PIC16F877A",
    "8-bit PIC with 14 KB flash, 33 I/O, 8 ADC channels and USART at up to 20 MHz. It is still taught in many Tanzanian technical colleges alongside MPLAB and PICkit programmers."],
  ["74HC595 Shift Register (Pack of 5)", "Texas Instruments", 3000, "74HC595",
    "8-bit serial-in, parallel-out shift register that adds outputs using three pins and can be chained. It is used for LED bars, 7-segment displays and relay banks."],
  ["ULN2003A Darlington Array (Pack of 5)", "Texas Instruments", 3000, "ULN2003A",
    "Seven Darlington drivers with built-in flyback diodes in DIP-16, each sinking up to 500 mA at 50V. It drives relays, stepper motors and solenoids."],
  ["KBPC3510 Bridge Rectifier 35A 1000V", "Generic", 6000, "KBPC3510",
    "Metal-case single-phase bridge rectifier rated 35A and 1000V with spade terminals and a mounting hole for a heatsink. It is used in battery chargers, welders and DC supplies."],
  ["L293D Motor Driver IC (Pack of 2)", "Texas Instruments", 5000, "L293D",
    "Quadruple half-H driver in DIP-16 with internal clamp diodes, driving two DC motors at up to 600 mA each. It is the chip on many older motor shields."],

  ["240W LED Grow Light Board (Samsung LM301H EVO LEDs)", "Generic", 450000, "GROW 240W",
    "Full-spectrum quantum board with Samsung LM301H EVO diodes and a dimmable Mean Well driver, covering about 1.2 × 1.2 m for vegetative growth. It is used for indoor seedling nurseries, hydroponics and research growth rooms."],
  ["Infineon FF300R12KE3 IGBT Module 1200V 300A", "Infineon", 420000, "FF300R12",
    "Dual IGBT half-bridge module rated 1200V and 300A in the 62 mm package. It is a common replacement part when repairing industrial inverters, welders and variable-frequency drives."],
];

// ---------------------------------------------------------------------------------------------------
// Passive Components
// ---------------------------------------------------------------------------------------------------

const PAS_ROWS: Row[] = [
  ["10k Ohm Carbon Film Resistor 1/4W (Pack of 100)", "Kilima Basics", 3000, "10kΩ",
    "Hundred 10k Ohm, 5% tolerance, 0.25W carbon film resistors with colour bands brown-black-orange. 10k is the most-used value for pull-up resistors, voltage dividers and transistor bases."],
  ["10k Ohm Metal Film Resistor 1% 1/4W (Pack of 100)", "Yageo", 4500, "10kΩ 1%",
    "Precision 10k Ohm metal film resistors with 1% tolerance and low temperature drift, rated 0.25W. They give more accurate voltage dividers and sensor readings than carbon film."],
  ["10k Ohm SMD Resistor 0805 1% (Pack of 100)", "Yageo", 3000, "10k 0805",
    "Surface-mount 10k Ohm resistors in the 0805 package, 1% tolerance and 0.125W, supplied as a cut tape strip. They are sized for hand soldering on custom PCBs."],
  ["10k Ohm Linear Potentiometer B10K with Knob", "Generic", 2000, "B10K",
    "Single-turn rotary potentiometer with a linear taper, a 6 mm shaft and a matching knob. It is used for LCD contrast, analog input demos and volume or speed controls."],
  ["10k Ohm Resistor Network SIP 9-Pin A103 (Pack of 10)", "Generic", 3500, "A103 SIP",
    "Eight bussed 10k Ohm resistors with one common pin in a single-inline package. They save space when pulling up a whole port of buttons or data lines."],
  ["10k Ohm NTC Thermistor MF52 (Pack of 10)", "Generic", 3500, "NTC 10k",
    "Epoxy-bead NTC thermistors of 10k Ohm at 25 °C with a B value of 3950. They measure temperature in chargers, incubators and 3D printer beds through a voltage divider."],
  ["1k Ohm Carbon Film Resistor 1/4W (Pack of 100)", "Kilima Basics", 3000, "1kΩ",
    "Hundred 1k Ohm, 5% carbon film resistors rated 0.25W (brown-black-red). They are the common base resistor for transistors and current limiter for LEDs on 3.3V."],
  ["220 Ohm Carbon Film Resistor 1/4W (Pack of 100)", "Kilima Basics", 3000, "220Ω",
    "Hundred 220 Ohm, 5% carbon film resistors rated 0.25W (red-red-brown). This is the classic LED current-limiting value for 5V Arduino circuits."],
  ["Carbon Film Resistors 1/4W 5% (Choose Value)", "Kilima Basics", 1000, "RES 1/4W",
    "Loose 0.25W carbon film resistors in the values used most on breadboards, sold in packs of 10 or 100. All values in a pack size cost the same.",
    packs("Pack", [["10 pcs", 0], ["100 pcs", 2000]], { Resistance: ["100 Ohm", "220 Ohm", "330 Ohm", "1k Ohm", "4.7k Ohm", "10k Ohm", "100k Ohm"] })],
  ["Resistor Kit 600 pcs 30 Values 1/4W Metal Film", "Kilima Basics", 12000, "RES KIT",
    "Thirty values from 10 Ohm to 1M Ohm, twenty of each, 1% metal film, in a labelled strip book. It covers nearly every value a student lab or repair bench needs."],
  ["Ceramic Disc Capacitors 50V (Choose Value)", "Generic", 1500, "CER CAP",
    "Through-hole ceramic capacitors rated 50V in the most common values, sold in packs of 20 or 100. The 100nF (104) value is the standard decoupling capacitor beside every IC.",
    packs("Pack", [["20 pcs", 0], ["100 pcs", 3000]], { Capacitance: ["22pF", "100pF", "1nF", "10nF", "100nF (104)"] })],
  ["Electrolytic Capacitor Kit 0.1µF–1000µF (120 pcs)", "Generic", 9000, "E-CAP KIT",
    "Twelve common aluminium electrolytic values from 0.1 µF to 1000 µF at 16–50V, ten of each, in a compartment box. They are used for filtering power supplies and audio coupling."],
  ["1000µF 25V Electrolytic Capacitor (Pack of 10)", "Panasonic", 6000, "1000µF",
    "105 °C radial electrolytic capacitors, 1000 µF at 25V, 10 × 20 mm. They smooth the output of rectifiers and stabilise motor and LED-strip supplies."],
  ["16MHz Crystal Oscillator HC-49S (Pack of 10)", "Generic", 3000, "16MHz XTAL",
    "Low-profile 16 MHz quartz crystals for ATmega328P and other microcontrollers. Use them with two 22 pF capacitors to ground."],
  ["Potentiometer Kit 10 Values with Knobs (50 pcs)", "Generic", 8000, "POT KIT",
    "Ten values from 500 Ohm to 1M Ohm, five of each, with knobs, in a plastic box. It suits adjustable circuits and repair work."],
  ["Trimmer Potentiometer 3296W Kit (10 Values x 5)", "Generic", 9000, "3296W",
    "Multi-turn precision trimmers from 100 Ohm to 1M Ohm for fine calibration of sensors and power supplies. Each has 25 turns for very fine adjustment."],
  ["Tactile Push Button 12x12mm with Caps", "Generic", 3000, "TACT 12mm",
    "Four-pin 12 × 12 × 7.3 mm momentary switches with round caps, rated 50 mA at 12V. They are comfortable for control panels, keypads and game controllers. The pack size decides the price; choose the cap colour.",
    packs("Pack", [["10 pcs", 0], ["50 pcs", 8000]], { "Cap Color": ["Red", "Blue", "Yellow", "Black", "White"] })],
  ["Active Buzzer 5V (Pack of 5)", "Generic", 2500, "BUZZER",
    "Self-oscillating 5V buzzers that sound at about 2.3 kHz when powered. They are used for alarms, timers and keypad feedback."],
  ["Songle SRD-12VDC-SL-C Relay (Pack of 5)", "Songle", 5000, "SRD-12V",
    "Sugar-cube relay with a 12V coil and a changeover contact rated 10A at 250V AC. It is used for switching lights and pumps from 12V control circuits."],

];

// ---------------------------------------------------------------------------------------------------
// Power & Batteries
// ---------------------------------------------------------------------------------------------------

const PWR_ROWS: Row[] = [
  ["18650 Li-ion 3.7V Rechargeable Battery (Flat Top)", "Kilima Basics", 6000, "18650 FLAT",
    "Unprotected flat-top 18650 cells, 3.7V nominal and 4.2V full, suitable for battery packs with a BMS. Always charge with a proper Li-ion charger such as the TP4056. Choose the capacity and how many cells you need.",
    grid("multiply", ["Capacity", [["2000mAh", 1], ["2600mAh", 1.4], ["3000mAh", 1.9]]], ["Pack", [["1 pc", 1], ["2 pcs", 1.95], ["4 pcs", 3.8]]])],
  ["Samsung SDI 18650 Li-ion 3.7V 2600mAh Battery (ICR18650-26J)", "Samsung SDI", 14000, "18650",
    "Genuine Samsung ICR18650-26J cell, 2600 mAh at 3.7V with a 5.2A maximum discharge. It is a reliable cell for power banks, torches and robot packs."],
  ["Samsung SDI INR18650-35E 3.7V 3500mAh Battery", "Samsung SDI", 18000, "18650 35E",
    "High-capacity 3500 mAh cell with an 8A continuous discharge rating. It is well suited to solar lamps, e-bike packs and backup power for routers during outages."],
  ["Panasonic NCR18650B 3400mAh Li-ion Battery", "Panasonic", 19000, "NCR18650B",
    "Panasonic 3400 mAh 18650 with a 4.9A maximum continuous discharge, a long-standing favourite for laptop and power-bank packs where runtime matters. The cell is unprotected, so use it inside a pack with a BMS."],
  ["TP4056 Li-ion Charger Module USB-C with Protection", "Generic", 2000, "TP4056",
    "Charges one 3.7V Li-ion cell at up to 1A from USB-C, with DW01 over-discharge and short-circuit protection. Red and blue LEDs show charging and full."],
  ["3S 20A BMS Protection Board for 18650", "Generic", 7000, "3S BMS",
    "Battery management board for three Li-ion cells in series (12.6V full) with overcharge, over-discharge, short-circuit and 20A overcurrent protection. It is used in 12V packs for routers and LED lighting."],
  ["LM2596 DC-DC Buck Converter Module (3A)", "Generic", 4500, "LM2596",
    "Step-down converter from 4–40V input to an adjustable 1.25–37V output at up to 3A, set with a multi-turn trimmer. It is the standard way to power 5V electronics from a 12V battery."],
  ["XL6009 DC-DC Boost Converter Module", "Generic", 5000, "XL6009",
    "Step-up converter taking 3–32V input to 5–35V output at up to about 2A input current. It is used to get 12V from a single Li-ion cell or a USB port."],
  ["XL4015 5A Buck Converter with Voltmeter", "Generic", 12000, "XL4015",
    "5A step-down converter with adjustable voltage and current limit and a built-in voltage display. It doubles as a simple Li-ion or lead-acid charger."],
  ["Mean Well LRS Switching Power Supply", "Mean Well", 45000, "LRS",
    "Genuine Mean Well LRS enclosed supplies with 85–264V AC input, short-circuit and overload protection and an adjustable output. They run LED signage, CCTV systems and control panels reliably. Choose the output voltage and power.",
    grid("add", ["Voltage", ["5V", "12V", "24V"]], ["Power", [["50W", 0], ["100W", 15000], ["200W", 40000]]])],
  ["12V 5A Power Adapter 5.5x2.1mm (UK Plug)", "Generic", 15000, "12V 5A",
    "Desktop switching adapter with a UK plug, 12V 5A output and a centre-positive 5.5 × 2.1 mm barrel plug. It suits LED strips, routers and CCTV cameras."],
  ["12V 10A Switching Power Supply (Metal Case)", "Generic", 28000, "12V 10A",
    "Enclosed 120W supply with 220V AC input, 12V 10A output, screw terminals and an adjustable trimmer. It powers LED signs, 4-channel relay panels and small CCTV systems."],
  ["Raspberry Pi 27W USB-C Power Supply (UK)", "Raspberry Pi", 38000, "27W PSU",
    "Official 5.1V 5A USB-C supply for the Raspberry Pi 5, also offering 9V, 12V and 15V USB-PD profiles. Using it avoids the low-voltage warnings of phone chargers."],
  ["12V 7Ah Sealed Lead-Acid Battery (SLA)", "Generic", 45000, "12V 7Ah",
    "Maintenance-free AGM battery, 151 × 65 × 94 mm with F1 terminals. It is used in alarm panels, UPS units, electric fences and small solar lights."],
  ["Panasonic Eneloop AA Rechargeable NiMH 2000mAh (Pack of 4)", "Panasonic", 38000, "ENELOOP",
    "Low self-discharge NiMH AA cells with a minimum 1900 mAh capacity, rechargeable up to 2100 times. They keep 70% of their charge after 10 years in storage."],
  ["LiPo Battery for RC & Drones (XT60)", "Generic", 38000, "LIPO",
    "Lithium-polymer packs with XT60 discharge plugs and JST-XH balance leads, rated around 25C. Use a balance charger and store them at about 3.8V per cell. Choose the capacity and cell count.",
    grid("add", ["Capacity", [["1500mAh", 0], ["2200mAh", 12000], ["5000mAh", 55000]]], ["Cells", [["2S 7.4V", 0], ["3S 11.1V", 15000]]])],
  ["3.7V 1000mAh LiPo Battery 103450 with JST Connector", "Generic", 9000, "LIPO 1000",
    "Flat single-cell LiPo (10 × 34 × 50 mm) with a protection circuit and JST-PH 2.0 plug. It powers ESP32 boards with built-in chargers and wearables."],
  ["LiitoKala Lii-202 18650 Li-ion Charger (2-Slot)", "LiitoKala", 22000, "LII-202",
    "Two-bay smart charger for 18650, 21700, AA and AAA cells with automatic chemistry detection and USB power-bank output. It charges each slot independently."],

  ["APC Back-UPS 1200VA (BX1200MI)", "APC", 420000, "APC 1200VA",
    "Line-interactive UPS rated 1200VA/650W with automatic voltage regulation that corrects sags and surges without using the battery. It keeps a desktop PC, router and modem running through short power interruptions and allows a safe shutdown."],
  ["Mean Well HLG-240H-24A LED Driver (24V 10A, IP65)", "Mean Well", 280000, "HLG-240H",
    "Waterproof constant-voltage and constant-current LED driver rated 240W at 24V with adjustable output and about 94% efficiency. It powers LED signage and floodlights outdoors."],
  ["EcoFlow RIVER 2 Pro Portable Power Station 768Wh", "EcoFlow", 1650000, "RIVER2 PRO",
    "768Wh LiFePO4 power station with 800W AC output (X-Boost to 1600W), 100W USB-C and up to 220W of solar input. It recharges from the wall in about 70 minutes and runs laptops, routers, lights and a small fridge through outages."],
  ["SkyRC iMAX B6 Mini Balance Charger", "SkyRC", 120000, "IMAX B6",
    "60W balance charger for 1–6S LiPo, Li-ion and LiFePO4 packs as well as NiMH and lead-acid batteries, with a storage mode. It runs from an 11–18V DC supply."],
  ["48V 20Ah Lithium E-Bike Battery (Hailong Case)", "Generic", 1150000, "48V 20Ah",
    "13S 18650 pack in a frame-mounted Hailong case with a 30A BMS, key lock and USB port, supplied with a 54.6V charger. It pairs with 1000W hub motor kits for delivery bikes."],
  ["Mean Well RSP-1000-24 Power Supply (24V 40A)", "Mean Well", 780000, "RSP-1000",
    "1000W enclosed supply with active PFC, remote on/off and parallel current sharing, delivering 24V at 40A. It is used for CNC machines, large LED displays and industrial control panels."],
];

// ---------------------------------------------------------------------------------------------------
// Solar & Energy
// ---------------------------------------------------------------------------------------------------

const SOL_ROWS: Row[] = [
  ["100W Monocrystalline Solar Panel", "Kilima Basics", 180000, "100W MONO",
    "36-cell mono panel rated about 18V Vmp and 5.5A Imp (22V open circuit), roughly 1000 × 670 × 35 mm with an aluminium frame and MC4 leads. It charges 12V batteries for lighting, phone charging and small TVs in homes and shops off the grid."],
  ["50W Monocrystalline Solar Panel", "Kilima Basics", 95000, "50W MONO",
    "Compact 18V 50W mono panel with a junction box and 1 m leads. It suits a single 12V battery for lights and a radio, or powering a remote sensor station."],
  ["20W Solar Panel 18V", "Generic", 42000, "20W SOLAR",
    "Small 18V 20W panel for charging 12V 7Ah batteries in electric fences, gate motors and IoT weather stations. It comes with a junction box and about 1 m of output cable."],
  ["6V 2W Mini Solar Panel", "Generic", 6000, "6V 2W",
    "Epoxy-coated 136 × 110 mm panel giving about 330 mA at 6V in full sun. It charges a Li-ion cell through a TP4056 for outdoor sensor nodes and science projects."],
  ["JA Solar 550W Mono PERC Half-Cell Solar Panel", "JA Solar", 420000, "550W JA",
    "144 half-cut mono PERC cells giving about 550W at 41.9V Vmp, measuring about 2278 × 1134 mm. It is used in larger home and business installations with MPPT charge controllers and hybrid inverters."],
  ["PWM Solar Charge Controller 30A 12/24V with USB", "Generic", 35000, "PWM 30A",
    "Automatic 12V/24V PWM controller rated 30A with an LCD, two 5V USB ports and load timer settings for street lights. It is the budget option for systems up to about 350W of panels at 12V."],
  ["Victron SmartSolar MPPT 100/30 Charge Controller", "Victron Energy", 460000, "MPPT100/30",
    "MPPT controller accepting up to 100V from panels and charging 12V or 24V batteries at 30A, with built-in Bluetooth for the VictronConnect app. Its efficiency and robustness make it a favourite of professional installers."],
  ["EPEVER Tracer 4210AN 40A MPPT Charge Controller", "EPEVER", 360000, "TRACER 40A",
    "40A MPPT controller for 12V/24V systems with up to 100V panel input and support for lead-acid and lithium batteries. It offers an RS485 port for remote monitoring."],
  ["12V 100Ah Deep Cycle Gel Battery", "Generic", 480000, "100Ah GEL",
    "Sealed gel battery designed for repeated deep discharge in solar systems, about 330 × 173 × 220 mm and 29 kg. It powers lights, TVs and fridges through an inverter."],
  ["12.8V 100Ah LiFePO4 Battery with BMS", "Generic", 1450000, "LFP 100Ah",
    "Lithium iron phosphate battery with a built-in 100A BMS, rated for more than 3000 cycles at 80% depth of discharge. It weighs about a third of a lead-acid battery and suits daily solar cycling in homes and clinics."],
  ["1000W Pure Sine Wave Inverter 12V to 230V", "Generic", 320000, "1KW INV",
    "12V DC to 230V AC pure sine inverter with 2000W surge, UK sockets, and low-battery and overload protection. It runs TVs, laptops, fans and small fridges from a solar battery bank."],
  ["Growatt SPF 3500 ES Off-Grid Inverter 3.5kW", "Growatt", 1650000, "SPF 3500",
    "3.5 kW 24V off-grid inverter with a built-in 100A MPPT charger, pure sine output and support for operation without a battery. It is popular for homes and small businesses coping with power cuts."],
  ["MC4 Solar Connector Pair (Pack of 5 Pairs)", "Generic", 8000, "MC4",
    "IP67 male and female MC4 connectors rated 30A and 1000V DC for 2.5–6 mm² PV cable. They are needed for extending and joining panel leads."],
  ["Solar PV Cable Single Core (Red/Black)", "Generic", 30000, "PV CABLE",
    "Double-insulated, UV-resistant tinned-copper solar cable rated 1.5 kV DC. Use 4 mm² for most single-panel runs and 6 mm² for longer or higher-current strings. Choose the size and roll length.",
    grid("multiply", ["Size", [["4mm²", 1], ["6mm²", 1.4]]], ["Length", [["10m", 1], ["25m", 2.4], ["100m", 9]]])],
  ["100W All-in-One Solar Street Light with Remote", "Generic", 120000, "STREET100",
    "Integrated LED street light with its own panel, lithium battery and motion sensor, switching on automatically at dusk. It lights compounds, parking areas and footpaths without wiring."],
  ["Solar Home Lighting Kit (3 Bulbs + Phone Charging)", "Generic", 75000, "HOME KIT",
    "Kit with a 10W panel, a lithium battery box with USB output, three LED bulbs on cables and a torch. It provides lighting and phone charging for off-grid households."],
  ["DC Circuit Breaker 2P 63A 500V for Solar", "Generic", 18000, "DC MCB",
    "DIN-rail DC breaker rated 500V and 63A for isolating panels or batteries. It is needed in any installation to protect cables and allow safe maintenance."],
  ["DC Surge Protector SPD 500V 2P", "Generic", 22000, "DC SPD",
    "DIN-rail surge protection device for PV arrays up to 500V DC, with replaceable modules. It protects charge controllers and inverters from lightning-induced surges common in the rainy season."],
  ["Battery Cable 25mm² with Lugs (1m Pair)", "Generic", 28000, "CABLE 25",
    "Red and black flexible copper cables, 25 mm², 1 m each, with crimped ring lugs. They connect inverters to batteries safely at high currents."],
  ["12V Battery Capacity Indicator Meter", "Generic", 9000, "BAT METER",
    "Panel meter that shows voltage and a percentage bar for 12V lead-acid or lithium batteries. It helps users avoid deep discharge."],
  ["12V DC Solar Surface Water Pump 80W", "Generic", 120000, "SOL PUMP",
    "Diaphragm surface pump running directly from a 12V battery or panel, with a lift of about 30 m and up to 4 L/min. It is used for small-scale irrigation and filling overhead tanks."],
  ["PZEM-004T v3 Energy Meter Module (100A CT)", "Generic", 25000, "PZEM-004T",
    "Measures AC voltage, current, power, energy, frequency and power factor with a split-core 100A current transformer, over TTL serial Modbus. It builds energy monitors and prepaid-meter prototypes."],
  ["Z-Type Solar Panel Mounting Bracket (Set of 4)", "Generic", 12000, "Z BRACKET",
    "Aluminium Z-brackets with bolts for fixing framed panels to roofs, walls or boats. Each set mounts one panel."],
  ["200W Monocrystalline Solar Panel", "Kilima Basics", 290000, "200W MONO",
    "Mono panel rated about 20V Vmp and 10A Imp for 12V battery systems, roughly 1480 × 670 mm with MC4 leads. It powers lighting, a TV and phone charging for a home, or a small shop."],
  ["300W Monocrystalline Solar Panel (24V)", "Kilima Basics", 340000, "300W MONO",
    "60-cell mono panel with about 32V Vmp and 9.4A Imp, roughly 1650 × 992 mm, for 24V battery systems or MPPT controllers. It is a common size for rooftop systems on shops and homes."],
  ["Deye SUN-5K-SG03LP1-EU 5kW Hybrid Inverter", "Deye", 3600000, "DEYE 5KW",
    "Single-phase 5 kW hybrid inverter for 48V lithium or lead-acid batteries with two MPPT inputs, grid and generator ports and WiFi monitoring. It is a popular choice for homes and businesses combining solar, batteries and grid power."],
  ["Victron MultiPlus 12/1600/70 Inverter/Charger", "Victron Energy", 2600000, "MULTIPLUS",
    "Pure sine inverter rated 1600VA with a 70A battery charger and a 16A transfer switch that moves to battery power in under 20 ms. It is well suited to backup power for clinics, offices and homes."],
  ["Victron SmartShunt 500A Battery Monitor", "Victron Energy", 380000, "SMARTSHUNT",
    "Shunt-based battery monitor reporting voltage, current, state of charge and time remaining over Bluetooth to the VictronConnect app. It gives an accurate picture of battery health in any 12–48V system."],
  ["51.2V 100Ah LiFePO4 Rack Battery (5.12kWh)", "Generic", 5200000, "LFP 48V",
    "16-cell LiFePO4 battery with a 100A BMS, CAN and RS485 communication for hybrid inverters and a 6000-cycle rating at 80% depth of discharge. It stores about a day of energy for a typical home with a fridge, lights and TV."],
  ["12V 200Ah Deep Cycle Gel Battery", "Generic", 920000, "200Ah GEL",
    "Sealed gel battery for repeated deep discharge, about 522 × 240 × 219 mm and 58 kg. Two in series make a 24V bank for a 3 kW inverter."],
  ["Solar DC Submersible Borehole Pump 48V 750W", "Generic", 1900000, "BOREHOLE",
    "Brushless DC submersible pump with an MPPT controller that runs directly from about 1 kW of solar panels, delivering roughly 3 m³/h at 100 m head. It replaces diesel pumps for farms and community water points."],
];

// ---------------------------------------------------------------------------------------------------
// Cables & Connectors
// ---------------------------------------------------------------------------------------------------

const CBL_ROWS: Row[] = [
  ["Dupont Jumper Wire Ribbon 40pcs (Choose Length & Type)", "Kilima Basics", 3000, "DUPONT 40",
    "Forty-way rainbow ribbon of jumper wires with 2.54 mm Dupont ends that peel off one at a time. The length decides the price; choose the end type to match your board and breadboard.",
    packs("Length", [["10cm", 0], ["20cm", 500], ["30cm", 1500]], { Type: ["Male-Male", "Male-Female", "Female-Female"] })],
  ["Dupont Jumper Wires 40pcs M-M 20cm", "Generic", 3500, "JUMPER MM",
    "Forty male-to-male 20 cm jumper wires in ten colours for breadboard circuits. They are the first thing every beginner's kit needs."],
  ["Silicone Stranded Wire (Flexible, 200°C)", "Kilima Basics", 1500, "SILICONE",
    "Very flexible tinned-copper wire with soft silicone insulation rated 200 °C and 600V, sold in red or black by the metre. 22AWG suits signal wiring, 18AWG motors and LEDs, and 14AWG battery leads.",
    grid("multiply", ["Length", [["1m", 1], ["5m", 4.5], ["10m", 8.5]]], ["Gauge", [["22AWG", 1], ["18AWG", 1.7], ["14AWG", 3]]])],
  ["USB-A to USB-B Printer Cable 1.5m", "Generic", 3500, "USB-B",
    "Shielded USB 2.0 A-to-B cable that fits the Arduino Uno, Mega and most printers. A spare is always useful in the lab."],
  ["USB-A to USB-C Data Cable", "Generic", 4000, "USB-C",
    "Data and charging cable with USB 2.0 speed and 3A current, for ESP32, Pico 2 and Arduino R4 boards. Some cheap cables only charge; this one carries data.",
    simple("Length", ["0.5m", ["1m", 1000], ["2m", 2500]])],
  ["Micro USB Data Cable 1m (Data + Charge)", "Generic", 3000, "MICRO USB",
    "1 m micro-USB cable with data lines for programming NodeMCU, ESP32 DevKit and Pico boards. It saves the frustration of charge-only phone cables."],
  ["JST-XH 2.54mm Connector Kit 2–5 Pin (230 pcs)", "Generic", 12000, "JST-XH",
    "Housings, headers and crimp terminals for 2- to 5-pin JST-XH connectors in a compartment box. They are used for balance leads and neat board-to-wire connections."],
  ["Molex Mini-Fit Jr. 4.2mm Connector Assortment", "Molex", 25000, "MINI-FIT",
    "Genuine Molex Mini-Fit Jr. housings and crimp terminals in 2–8 positions, rated up to 9A per circuit. They are used for power wiring in control panels and PC power supplies."],
  ["XT60 Connector Pair Male/Female (Pack of 5)", "Generic", 6000, "XT60",
    "Gold-plated XT60 connectors rated 60A continuous with nylon housings. They are the standard battery plug for LiPo packs and e-bikes."],
  ["Screw Terminal Block 2-Pin 5.08mm", "Generic", 2500, "TERM 5.08",
    "PCB-mount 2-way screw terminals with 5.08 mm pitch, rated 16A at 300V, that slide together to make longer blocks. Sold in packs of 10 or 50.",
    packs("Pack", [["10 pcs", 0], ["50 pcs", 8000]], { Color: ["Blue", "Green"] })],
  ["2.54mm Pin Header Strip 1x40 (Break-Away)", "Generic", 2000, "HEADER 40P",
    "Single-row 40-pin headers with 2.54 mm pitch that snap to any length, for soldering to modules and perfboard. Choose the header type; the pack size sets the price.",
    packs("Pack", [["5 pcs", 0], ["10 pcs", 1500], ["50 pcs", 10000]], { Type: ["Male Straight", "Female Straight", "Male Right-Angle"] })],
  ["Heat Shrink Tubing Assortment 560 pcs", "Generic", 10000, "SHRINK KIT",
    "2:1 polyolefin heat shrink in eight diameters and several colours, pre-cut to 4–10 cm. It insulates joints neatly with a heat gun or lighter."],
  ["Heat Shrink Tube 1m Length (Black)", "Generic", 1000, "SHRINK 1m",
    "One metre of 2:1 black polyolefin heat shrink tube, cut to size for joints and cable repairs. Choose the diameter.",
    simple("Diameter", ["2mm", "3mm", ["5mm", 500], ["8mm", 1000], ["10mm", 1500]])],
  ["40-Pin GPIO Ribbon Cable for Raspberry Pi", "Generic", 4500, "GPIO 40P",
    "20 cm 40-way IDC ribbon cable that connects the Raspberry Pi header to a T-cobbler or HAT away from the board. It keeps the GPIO pins reachable when the Pi is inside a case."],
  ["Micro HDMI to HDMI Cable 1.5m (Raspberry Pi 4/5)", "Generic", 8000, "MICROHDMI",
    "Micro-HDMI to full-size HDMI cable supporting 4K at 60 Hz, needed for Raspberry Pi 4 and Pi 5. It connects to any TV or monitor."],
  ["SMA Female to IPEX u.FL Pigtail Cable 15cm", "Generic", 3000, "U.FL SMA",
    "RG1.13 pigtail that brings the u.FL antenna socket of ESP32, LoRa and GSM modules out to a panel-mount SMA connector. It lets you fit a larger external antenna through the wall of an enclosure."],
  ["Hook-Up Wire Kit 22AWG Solid Core (6 Colours x 10m)", "Generic", 22000, "HOOKUP 22",
    "Six 10 m spools of tinned solid-core 22AWG PVC wire in a dispenser box. Solid wire pushes cleanly into breadboards and perfboard holes."],
  ["Insulated Wire Ferrules Assortment (1200 pcs)", "Generic", 18000, "FERRULES",
    "Bootlace ferrules for 0.5–10 mm² cable in a compartment box. Crimped ferrules stop stranded wires fraying in screw terminals and breakers."],
  ["Banana Plug 4mm to Crocodile Clip Test Leads (Pair)", "Generic", 4500, "BANANA",
    "Red and black 1 m leads rated 10A with 4 mm stackable banana plugs and insulated clips, for bench power supplies and multimeters. They make it quick to clip a supply onto a board under test."],
  ["SparkFun Qwiic Cable Kit", "SparkFun", 28000, "QWIIC KIT",
    "Assorted Qwiic 4-pin JST-SH cables (50 mm to 500 mm plus breadboard and female-jumper adapters) for solder-free I2C sensor chains. They also fit STEMMA QT boards from Adafruit."],
  ["Cat6 UTP Solid Copper Cable 305m Box", "Generic", 320000, "CAT6 305m",
    "23AWG solid bare-copper Cat6 cable in a pull box, rated for Gigabit Ethernet and 10-Gigabit over short runs. It is used for structured cabling in offices, schools and CCTV installations."],
  ["Twin & Earth Cable 2.5mm² 100m (Flat, 6242Y)", "Generic", 260000, "T&E 2.5",
    "PVC flat twin-and-earth cable with copper conductors for socket circuits, on a 100 m roll. Follow the BS 7671 wiring rules used in Tanzania."],
  ["Armoured Cable SWA 3-Core 4mm² (50m)", "Generic", 480000, "SWA 4mm²",
    "Steel-wire armoured PVC cable with three copper cores for burying or outdoor runs, such as from a solar array or generator to a building. Use proper glands at each end."],
  ["Active HDMI 2.0 Cable 20m (4K)", "Generic", 110000, "HDMI 20m",
    "Long HDMI cable with a built-in signal booster carrying 4K at 60 Hz over 20 m. It connects projectors and TVs across halls and classrooms."],
];

// ---------------------------------------------------------------------------------------------------
// PCB & Prototyping Supplies
// ---------------------------------------------------------------------------------------------------

const PCB_ROWS: Row[] = [
  ["Breadboard 830 Points", "Kilima Basics", 5500, "BB 830",
    "Full-size solderless breadboard with 630 terminal points and 200 on the power rails, a self-adhesive back and interlocking edges. It takes 20–29 AWG wire and all standard DIP ICs.",
    simple("Color", ["White", "Red", "Blue", "Black", ["Transparent", 1000]])],
  ["Half-Size Breadboard 400 Points", "Generic", 3500, "BB 400",
    "400-point breadboard with two power rails, about 83 × 55 mm. It is small enough to sit beside an Uno on a base plate."],
  ["Breadboard Power Supply Module MB102 (3.3V/5V)", "Generic", 3500, "MB102",
    "Plugs onto an 830-point breadboard and gives 3.3V or 5V on each rail from a 6.5–12V barrel jack or USB. It frees the Arduino 5V pin from heavy loads."],
  ["Breadboard Jumper Wire Kit 140 pcs (U-Shape)", "Generic", 6000, "U-JUMPER",
    "Pre-cut, pre-bent solid wires in 14 lengths that lie flat on the breadboard. They make circuits tidy and easy to debug."],
  ["Double-Sided Prototype PCB Kit (40 pcs, 4 Sizes)", "Generic", 12000, "PROTO KIT",
    "Forty FR4 perfboards with plated-through holes in 2 × 8, 3 × 7, 4 × 6 and 5 × 7 cm sizes, with 2.54 mm pitch. They are for soldering permanent versions of breadboard circuits."],
  ["Stripboard Veroboard 10x24 cm", "Generic", 5000, "VEROBOARD",
    "Single-sided copper-strip board with 2.54 mm pitch. Cut the tracks with a drill bit to build compact circuits without a custom PCB."],
  ["Single-Sided Copper Clad Board FR4 10x15cm (Pack of 5)", "Generic", 7000, "FR4 CLAD",
    "1.6 mm FR4 boards with 35 µm copper for making your own PCBs by toner transfer or photo-etching. The boards can be cut to size with a hacksaw or scored and snapped."],
  ["Ferric Chloride PCB Etchant 500g", "Generic", 9000, "FeCl3",
    "Anhydrous ferric chloride granules that make about 1.5 L of etching solution. Use plastic containers and gloves, and neutralise before disposal."],
  ["PCB Drill Bit Set 0.8–1.2mm Carbide (10 pcs)", "Generic", 8000, "DRILL SET",
    "Tungsten-carbide bits with 3.175 mm shanks for drilling component holes in FR4. They fit mini drills and CNC routers."],
  ["Perfboard Single-Sided 9x15cm (Pack of 5)", "Generic", 6500, "PERF 9x15",
    "Phenolic perfboards with individual copper pads at 2.54 mm pitch. They are the cheapest base for one-off projects."],
  ["M3 Nylon Standoff & Screw Kit (300 pcs)", "Generic", 14000, "M3 NYLON",
    "Black nylon M3 spacers, screws and nuts in several lengths for mounting Raspberry Pi and Arduino boards in enclosures. They are non-conductive."],
  ["M3 Brass Standoff Assortment (180 pcs)", "Generic", 20000, "M3 BRASS",
    "Hex brass standoffs from 6 to 20 mm with screws and nuts in a sorted box. They are stronger than nylon for heavy panels and heatsinks."],
  ["ABS Plastic Project Enclosure Box 100x68x50mm", "Generic", 4500, "ABS BOX",
    "Black ABS box with a screw-on lid, easy to drill for switches, displays and cable glands. It houses small controllers and sensor nodes."],
  ["Waterproof Junction Box IP65 150x110x70mm", "Generic", 15000, "IP65 BOX",
    "Grey ABS enclosure with a rubber gasket, rated IP65 against dust and rain. It protects outdoor controllers for irrigation, tanks and solar systems."],
  ["IC Socket Assortment DIP 8–40 Pin (66 pcs)", "Generic", 9000, "IC SOCKET",
    "Dual-wipe DIP sockets in sizes from 8 to 40 pins. They let you replace chips without desoldering."],
  ["Adafruit Perma-Proto Half-Sized Breadboard PCB", "Adafruit", 15000, "PERMAPROTO",
    "Gold-plated perfboard laid out exactly like a half-size breadboard, including the power rails, so a working layout transfers one-to-one. It is a neat way to make a working prototype permanent."],
  ["Kapton Polyimide Tape 10mm x 33m", "Generic", 5000, "KAPTON",
    "Heat-resistant amber tape up to about 260 °C, used for masking during reflow, insulating battery packs and 3D printer hotends. It peels off cleanly without leaving residue."],
  ["Isopropyl Alcohol 99% 500ml", "Generic", 12000, "IPA 99%",
    "High-purity IPA for removing flux residue from PCBs and cleaning 3D printer beds and optical parts. It evaporates quickly and leaves no residue."],
  ["Acrylic Base Plate for Arduino Uno + 830 Breadboard", "Generic", 9000, "BASE PLATE",
    "Clear acrylic plate with rubber feet that holds an Uno and a full-size breadboard side by side. It keeps a prototype in one piece between lab sessions."],

  ["CNC 3018 Pro PCB Engraving & Milling Machine", "Generic", 550000, "CNC 3018",
    "Desktop CNC with a 300 × 180 × 45 mm working area, a 775 spindle and a GRBL controller for isolation-milling PCBs, engraving and cutting wood or acrylic. It lets a lab make prototype boards in an afternoon without etching chemicals."],
  ["T-962 Infrared Reflow Oven", "Generic", 850000, "T-962",
    "Benchtop infrared reflow oven with a 180 × 235 mm drawer and programmable profiles for soldering SMD boards with paste. Upgrading its firmware improves temperature accuracy."],
  ["UV LED PCB Exposure Box A4", "Generic", 180000, "UV BOX",
    "A4-size exposure unit with 405 nm LEDs and a timer for photoresist boards and UV solder mask. It gives finer tracks than toner transfer."],
];

// ---------------------------------------------------------------------------------------------------
// Tools & Test Equipment
// ---------------------------------------------------------------------------------------------------

const TLS_ROWS: Row[] = [
  ["60W Adjustable Temperature Soldering Iron (220V)", "Kilima Basics", 18000, "60W IRON",
    "Pencil iron with a dial from 200 to 450 °C, a ceramic heater and replaceable 900M-style tips. It heats up in about a minute and suits electronics, wiring and small repairs."],
  ["Soldering Iron Kit 60W with Stand, 5 Tips & Solder", "Generic", 32000, "IRON KIT",
    "Adjustable 60W iron with a stand and sponge, five tips, a desoldering pump, tweezers and a tube of solder in a carry case. It is a complete starter set for students and repair technicians."],
  ["30W Basic Soldering Iron 220V", "Kilima Basics", 8000, "30W IRON",
    "Simple fixed-temperature pencil iron with a conical tip for occasional jobs on wires and through-hole boards. For regular electronics work, the 60W adjustable iron gives better temperature control."],
  ["Hakko FX-888D Digital Soldering Station", "Hakko", 450000, "FX-888D",
    "70W station with digital temperature control from 50 to 480 °C, five presets and fast recovery, with the FX-8801 iron. It is a durable workhorse for repair shops and university labs."],
  ["Hakko FX-600 Adjustable Temperature Soldering Iron", "Hakko", 160000, "FX-600",
    "Iron with a built-in dial from 200 to 500 °C and a ceramic heater with sensor, using T18 tips. It offers station-quality control without the base unit."],
  ["Weller WE1010 Digital Soldering Station 70W", "Weller", 520000, "WE1010",
    "70W digital station with a 100–450 °C range, standby mode and a lightweight WEP 70 iron. It provides ESD-safe, precise control for production and professional repair work."],
  ["Pinecil V2 Smart Soldering Iron (USB-C PD)", "Pine64", 85000, "PINECIL V2",
    "Portable iron powered from a USB-C PD charger or 12–24V DC, heating to 300 °C in about 12 seconds. It runs open-source IronOS firmware and uses TS100-style tips."],
  ["Miniware TS101 Smart Soldering Iron", "Miniware", 165000, "TS101",
    "Compact 90W iron with an OLED display, USB-C PD and DC input, motion-sensing sleep and Bluetooth firmware updates. It is ideal for field technicians."],
  ["YIHUA 937D Soldering Station", "YIHUA", 95000, "937D",
    "50W temperature-controlled station with a digital display and a 200–480 °C range. It is an affordable step up from plug-in irons."],
  ["YIHUA 8786D 2-in-1 Hot Air & Soldering Station", "YIHUA", 210000, "8786D",
    "Hot-air rework gun (100–480 °C) plus a soldering iron in one unit, for removing SMD chips and connectors. It is standard kit in phone and laptop repair shops."],
  ["Butane Gas Soldering Iron (Portable, Cordless)", "Generic", 25000, "GAS IRON",
    "Refillable butane iron with interchangeable soldering tip, hot-air nozzle and hot knife. It works anywhere without power, which helps on rooftops and during outages."],
  ["Soldering Iron Stand with Brass Sponge", "Generic", 9000, "IRON STAND",
    "Heavy metal stand with a spiral holder and a brass wool cleaner that does not cool the tip like a wet sponge. It fits most pencil-type soldering irons."],
  ["Replacement Soldering Iron Tips 900M-T (10 pcs)", "Generic", 7000, "900M TIPS",
    "Ten assorted lead-free tips (conical, chisel and bevel) for 936 and 937-style stations and many adjustable irons. Tin a new tip as soon as it heats up to make it last longer."],
  ["Soldering Wire 60/40 Rosin Core 100g", "Kilima Basics", 9000, "SOLDER 100",
    "Tin-lead 60/40 solder wire with a rosin flux core, melting at about 183–190 °C. It flows easily for learning and repair work; work with ventilation and wash your hands.",
    simple("Diameter", [["0.6mm", 1000], "0.8mm", "1.0mm"])],
  ["Lead-Free Solder Wire SAC305 0.8mm 250g", "Generic", 55000, "SAC305",
    "Tin-silver-copper lead-free solder (Sn96.5 Ag3.0 Cu0.5) with a no-clean flux core, melting at 217–220 °C. It is for RoHS-compliant production and repairs."],
  ["Desoldering Pump (Solder Sucker)", "Generic", 5000, "DESOLDER",
    "Spring-loaded aluminium pump with a heat-resistant tip, for removing solder from through-hole joints when replacing components. Its replaceable PTFE nozzle withstands repeated contact with the iron."],
  ["Goot Wick CP-2015 Desoldering Braid 2.0mm x 1.5m", "goot", 12000, "GOOT WICK",
    "Flux-impregnated copper braid on an anti-static bobbin for cleaning pads and removing SMD solder bridges. The 2.0 mm width suits most through-hole pads and SMD rework."],
  ["No-Clean Flux Paste 50g", "Generic", 6000, "FLUX 50g",
    "Rosin-based flux paste that improves wetting for SMD work and tinning wires. It leaves little residue."],
  ["Helping Hands with Magnifier & LED", "Generic", 15000, "HELP HANDS",
    "Heavy base with two crocodile-clip arms, a 2.5× glass magnifier and an LED lamp. It holds boards and wires while you solder."],
  ["UNI-T UT33D+ Digital Multimeter", "UNI-T", 45000, "UT33D+",
    "Palm-size meter with 2000-count display, auto-ranging AC/DC voltage to 600V, current to 10A, resistance, capacitance, continuity and NCV detection. It is a solid first meter for students and electricians."],
  ["UNI-T UT61E+ True RMS Digital Multimeter", "UNI-T", 195000, "UT61E+",
    "22,000-count true-RMS meter with 0.05% basic DC accuracy, frequency, capacitance and USB data logging. It is favoured by labs and serious hobbyists."],
  ["UNI-T UT210E Mini Clamp Meter (AC/DC)", "UNI-T", 110000, "UT210E",
    "True-RMS clamp measuring AC and DC current to 100A through an 18 mm jaw, plus voltage, resistance and NCV. It checks solar array and battery currents without breaking the circuit."],
  ["Fluke 101 Basic Digital Multimeter", "Fluke", 165000, "FLUKE 101",
    "Compact CAT III 600V meter with 6000 counts and 0.5% DC accuracy, measuring voltage, resistance, capacitance, frequency and diode tests. It is Fluke quality for everyday electrical work."],
  ["Fluke 107 Palm-Sized Digital Multimeter", "Fluke", 220000, "FLUKE 107",
    "CAT III 600V meter that adds AC/DC current up to 10A, a backlight and data hold to the Fluke 101 feature set. It is built to survive daily field use."],
  ["ANENG AN8008 True RMS Multimeter", "ANENG", 38000, "AN8008",
    "9999-count true-RMS meter with a microamp range, capacitance, frequency and a backlit display. It offers good resolution for low-current measurements."],
  ["Hantek DSO2C10 Digital Oscilloscope 100MHz 2CH", "Hantek", 650000, "DSO2C10",
    "Two-channel 100 MHz scope with 1 GSa/s sampling, 8 Mpts memory, a 7-inch screen and decoding for I2C, SPI, UART and CAN. It is an affordable scope for embedded work and teaching labs."],
  ["FNIRSI DSO-TC3 Oscilloscope + Transistor Tester", "FNIRSI", 115000, "DSO-TC3",
    "Pocket 500 kSa/s single-channel scope, component tester and signal generator with a 2.4-inch colour screen and rechargeable battery. It is handy for quick checks in the field."],
  ["LCR-T4 Component Tester (Transistor, Capacitor, ESR)", "Generic", 18000, "LCR-T4",
    "Automatically identifies and measures transistors, MOSFETs, diodes, resistors, capacitors (with ESR) and inductors on a ZIF socket. It runs on a 9V battery."],
  ["Adjustable DC Bench Power Supply 30V 5A", "Generic", 175000, "PSU 30V5A",
    "Switching bench supply with 0–30V and 0–5A adjustable outputs, constant-current mode and four-digit displays. Essential for testing circuits safely without burning components."],
  ["Automatic Wire Stripper & Crimper", "Generic", 25000, "STRIPPER",
    "Self-adjusting stripper for 0.2–6 mm² wire with a built-in cutter and crimp section for insulated terminals. It strips wire in one squeeze without nicking the copper."],
  ["Digital Vernier Caliper 150mm", "Generic", 28000, "CALIPER",
    "Stainless steel caliper with a 0.01 mm resolution LCD and mm/inch switching. It measures parts for 3D printing and enclosure design."],
  ["USB Logic Analyzer 24MHz 8-Channel", "Generic", 22000, "LOGIC 8CH",
    "Eight-channel logic analyzer sampling at up to 24 MHz, compatible with the open-source PulseView software. It decodes I2C, SPI and UART when debugging sensors."],
  ["USBasp AVR Programmer", "Generic", 9000, "USBASP",
    "USB programmer for AVR chips with a 10-pin ISP cable, used to burn Arduino bootloaders and program ATtiny and ATmega chips directly. It works with the Arduino IDE and AVRDUDE on Windows and Linux."],
  ["ST-Link V2 Mini Programmer (STM8/STM32)", "Generic", 12000, "ST-LINK V2",
    "Compact SWD/SWIM programmer and debugger for STM32 and STM8 microcontrollers, used with STM32CubeIDE, OpenOCD and the Blue Pill board. It connects with four wires: SWDIO, SWCLK, 3.3V and GND."],
  ["Hakko CHP-170 Micro Cutter", "Hakko", 28000, "CHP-170",
    "Flush-cutting side cutter for copper wire up to 1.3 mm with a 21 degree angled head. It trims component leads cleanly and close to the board."],
  ["Rigol DHO804 Digital Oscilloscope 70MHz 4CH (12-bit)", "Rigol", 1450000, "DHO804",
    "Four-channel 70 MHz scope with a 12-bit ADC, 1.25 GSa/s sampling, 25 Mpts memory and a 7-inch touchscreen. Serial decoding and a compact body make it a long-term lab instrument."],
  ["FeelTech FY6900 60MHz Function/Arbitrary Waveform Generator", "FeelElec", 360000, "FY6900",
    "Two-channel DDS generator up to 60 MHz with sine, square, pulse and arbitrary waveforms, sweep and a frequency counter. It is used in electronics labs for filter and amplifier experiments."],
  ["Hakko FR-301 Desoldering Tool", "Hakko", 950000, "FR-301",
    "Self-contained desoldering gun with a built-in vacuum pump and 350–500 °C temperature control. It clears through-hole joints in one pass, which is ideal for repairing power supplies and inverter boards."],
  ["UNI-T UTi260B Thermal Imaging Camera", "UNI-T", 850000, "UTi260B",
    "256 × 192 infrared camera with a 3.5-inch screen, a -20 to 550 °C range and PC analysis software. It finds hot breakers, loose connections and solar-panel hot spots quickly."],
  ["Fluke 323 True-RMS Clamp Meter", "Fluke", 450000, "FLUKE 323",
    "Measures AC current to 400A, AC and DC voltage to 600V, resistance and continuity, rated CAT IV 300V and CAT III 600V. It is a dependable meter for electricians and solar installers."],
  ["Fluke 87V Industrial True-RMS Multimeter", "Fluke", 1350000, "FLUKE 87V",
    "20,000-count industrial meter with 0.05% DC accuracy, a low-pass filter for motor drives, temperature and peak capture, rated CAT III 1000V and CAT IV 600V. It is the reference meter for industrial maintenance."],
  ["KORAD KA3005P Programmable DC Power Supply 30V 5A", "KORAD", 380000, "KA3005P",
    "Linear programmable supply with 10 mV and 1 mA resolution, low ripple, memory presets and USB and RS232 control. Its clean output suits sensitive analog and RF work."],
  ["OWON XDM1041 Bench Digital Multimeter", "OWON", 260000, "XDM1041",
    "55,000-count true-RMS bench meter with a 3.7-inch display, dual readings and USB SCPI control. It gives lab-grade readings at a student-lab price."],
  ["Andonstar AD407 Digital Microscope 7 inch", "Andonstar", 480000, "AD407",
    "HDMI digital microscope with a 7-inch screen, up to 270× magnification and a long working distance for soldering under the lens. It is used for phone board repair and SMD inspection."],
  ["Battery Spot Welder 801D (18650 Pack Building)", "Generic", 320000, "801D",
    "Pulse spot welder with adjustable energy and a handheld pen for joining nickel strip up to 0.15 mm to 18650 cells. It is essential for building e-bike and power-bank packs without heating the cells."],
  ["Hantek 6022BE USB PC Oscilloscope 20MHz 2CH", "Hantek", 210000, "HANTEK6022",
    "Two-channel 20 MHz USB oscilloscope sampling at 48 MSa/s, powered and displayed through a laptop. It is an affordable first scope for students."],
  ["Quick 861DW Lead-Free Hot Air Rework Station", "Quick", 750000, "861DW",
    "1000W hot-air station with digital temperature and airflow control, memory channels and auto-sleep. It is a professional tool for BGA, QFN and connector rework."],
];

// ---------------------------------------------------------------------------------------------------
// 3D Printing
// ---------------------------------------------------------------------------------------------------

const PRN_ROWS: Row[] = [
  ["PLA Filament 1.75mm 1kg", "Kilima Basics", 55000, "PLA 1kg",
    "1.75 mm PLA with ±0.03 mm diameter tolerance on a 1 kg spool, printing at 190–220 °C with a 50–60 °C bed. It is easy to print and suits prototypes, enclosures and school models. Keep it sealed with desiccant in humid Dar es Salaam weather.",
    simple("Color", ["Black", "White", "Red", "Blue", "Yellow", "Green"])],
  ["eSUN PLA+ Filament 1.75mm 1kg", "eSUN", 62000, "PLA+ 1kg",
    "Toughened PLA+ from eSUN with better layer adhesion and impact strength than standard PLA, printing at 205–225 °C. It suits functional parts such as brackets and enclosures.",
    simple("Color", ["Black", "White", "Grey", "Red", "Blue", "Orange", ["Silk Gold", 6000]])],
  ["eSUN PETG Filament 1.75mm 1kg", "eSUN", 68000, "PETG 1kg",
    "PETG printing at 230–250 °C with a 70–80 °C bed, tougher and more heat-resistant than PLA. It suits outdoor parts and housings that sit in the sun.",
    simple("Color", ["Black", "White", "Transparent", "Blue"])],
  ["SUNLU TPU 95A Flexible Filament 1.75mm 1kg", "SUNLU", 78000, "TPU 95A",
    "Shore 95A flexible filament for gaskets, phone cases and robot tyres, printed slowly at 210–230 °C. A direct-drive extruder gives the best results."],
  ["eSUN ABS+ Filament 1.75mm 1kg", "eSUN", 60000, "ABS+ 1kg",
    "ABS+ for heat-resistant parts, printing at 230–260 °C with a 95–110 °C bed. An enclosed printer reduces warping."],
  ["Bambu Lab PLA Basic Filament 1kg with Spool", "Bambu Lab", 75000, "BAMBU PLA",
    "Bambu Lab PLA with an RFID-tagged spool that AMS units read automatically, with tight tolerance for fast printing. It also works in any 1.75 mm printer."],
  ["Silk PLA Filament 1.75mm 1kg (Rainbow)", "Generic", 72000, "SILK PLA",
    "Shiny silk-finish PLA that shifts colour along the spool, printed at 200–220 °C. It is used for decorative prints, trophies and gifts."],
  ["Creality Ender-3 V3 SE 3D Printer", "Creality", 650000, "ENDER3V3SE",
    "Entry-level FDM printer with a 220 × 220 × 250 mm build volume, CR Touch auto levelling, a direct-drive Sprite extruder and speeds up to 250 mm/s. It is a good first printer for schools and small workshops."],
  ["Creality Ender-3 V3 KE 3D Printer", "Creality", 850000, "ENDER3 KE",
    "Faster Ender-3 with up to 500 mm/s, Klipper-based firmware, WiFi, a 4.3-inch touchscreen and a 220 × 220 × 240 mm build volume. It prints reliably at high speed."],
  ["Creality K1C 3D Printer", "Creality", 1900000, "K1C",
    "Enclosed CoreXY printer with 600 mm/s maximum speed, a 220 × 220 × 250 mm volume, an all-metal hotend for carbon-fibre filaments and an AI camera. It is built for production work."],
  ["Bambu Lab A1 Mini 3D Printer", "Bambu Lab", 1050000, "A1 MINI",
    "Compact bed-slinger with a 180 × 180 × 180 mm volume, fully automatic calibration, active flow-rate compensation and quiet operation. It is almost plug-and-print for beginners."],
  ["Bambu Lab P1S 3D Printer", "Bambu Lab", 2400000, "P1S",
    "Enclosed CoreXY printer with a 256 × 256 × 256 mm volume and 500 mm/s speed, ready for the AMS multi-colour system. It prints PLA, PETG, ABS and ASA reliably."],
  ["ELEGOO Mars 4 Resin 3D Printer", "Elegoo", 620000, "MARS 4",
    "MSLA resin printer with a 7-inch 9K monochrome LCD and 153 × 77 × 175 mm volume for highly detailed miniatures, dental models and jewellery patterns. Use it in a ventilated room with gloves."],
  ["ELEGOO Standard Photopolymer Resin 1kg (Grey)", "Elegoo", 85000, "RESIN 1kg",
    "405 nm standard resin with low shrinkage for detailed prints, compatible with most LCD resin printers. The grey colour shows fine detail well; handle it with gloves in a ventilated room."],
  ["MK8 Brass Nozzle Set 0.2–1.0mm (10 pcs)", "Generic", 6000, "MK8 NOZZLE",
    "Brass nozzles in five sizes for Ender-3 and other MK8 hotends, with M6 thread for 1.75 mm filament. Swap to a larger nozzle for faster, stronger prints or a smaller one for fine detail."],
  ["PEI Spring Steel Build Plate 235x235mm", "Generic", 45000, "PEI 235",
    "Magnetic flexible plate with a textured PEI coating for Ender-3 size beds. Prints pop off when the sheet is flexed."],
  ["Capricorn XS PTFE Bowden Tube 1m", "Capricorn", 18000, "CAPRICORN",
    "Low-friction PTFE tube with a tight 1.9 mm inner diameter and better heat resistance than stock tubing, for Bowden printers. It improves retraction and feeding of flexible filaments."],
  ["3D Print Removal & Finishing Tool Kit", "Generic", 25000, "FINISH KIT",
    "Scraper, deburring tool, needle files, nozzle cleaning needles and tweezers for removing supports and cleaning up prints. Everything packs into a zip case that lives beside the printer."],
  ["SUNLU FilaDryer S1 Filament Dryer", "SUNLU", 120000, "FILADRYER",
    "Heated dry box for one 1 kg spool with an adjustable temperature up to 55 °C and a timer, printing directly from the box. It is essential for PETG, TPU and nylon in humid coastal climates."],
  ["BLTouch V3.1 Auto Bed Leveling Sensor", "Antclabs", 115000, "BLTOUCH",
    "Genuine Antclabs BLTouch probe that maps bed height for perfect first layers, with mounting kits for common printers. It works with Marlin and Klipper firmware on most 32-bit boards."],
  ["Creality CR Touch Auto Leveling Kit", "Creality", 85000, "CR TOUCH",
    "Metal-pin auto-levelling sensor with cables and brackets for Ender-3 and CR-10 printers. Installation needs a firmware update, which Creality provides for each model."],
  ["Creality Sprite Extruder Pro Kit", "Creality", 140000, "SPRITE",
    "All-metal direct-drive extruder and hotend reaching 300 °C, with 3.5:1 dual gears for flexible and engineering filaments. It is a drop-in upgrade for Ender-3 V2 and Ender-3 Pro printers."],
  ["Ender-3 Tempered Glass Bed 235x235mm", "Creality", 30000, "GLASS BED",
    "4 mm carborundum-coated glass plate giving a flat surface and easy release once it cools. Hold it in place with binder clips on the existing heated bed."],
  ["ELEGOO Mercury Plus 2-in-1 Wash & Cure Station", "Elegoo", 260000, "MERCURY",
    "Washes resin prints in IPA and then cures them under 405 nm UV on a rotating turntable. It keeps resin handling contained and consistent."],
  ["ELEGOO Saturn 4 Ultra 12K Resin 3D Printer", "Elegoo", 1450000, "SATURN 4U",
    "10-inch 12K monochrome LCD resin printer with a 218 × 123 × 220 mm build volume, a heated vat and an AI camera for failure detection. It prints detailed parts in batches for dental and jewellery workshops."],
  ["Bambu Lab AMS Lite Multi-Colour Unit", "Bambu Lab", 650000, "AMS LITE",
    "Four-spool automatic material system for the A1 and A1 Mini that switches filaments during a print for up to four colours. It also acts as a neat spool holder."],
  ["Bambu Lab X1-Carbon 3D Printer", "Bambu Lab", 3800000, "X1C",
    "Enclosed CoreXY flagship with lidar-assisted calibration, a hardened-steel hotend for carbon-fibre filaments and a 256 × 256 × 256 mm volume. It prints engineering materials reliably at high speed."],
  ["ELEGOO Neptune 4 Pro 3D Printer", "Elegoo", 780000, "NEPTUNE 4P",
    "Klipper-based FDM printer with up to 500 mm/s speed, a 225 × 225 × 265 mm volume and a segmented heated bed. It is good value for makerspaces."],
  ["Sovol SV06 3D Printer", "Sovol", 620000, "SV06",
    "Open-source printer with an all-metal direct-drive extruder, a 220 × 220 × 250 mm volume and automatic bed levelling. It is easy to maintain and modify."],
  ["Anycubic Photon Mono 4 Resin 3D Printer", "Anycubic", 480000, "PHOTON M4",
    "7-inch 10K monochrome LCD resin printer with a 153 × 87 × 165 mm volume and a laser-engraved build plate for good adhesion. It is an affordable start in high-detail resin printing."],
];

// ---------------------------------------------------------------------------------------------------
// Robotics Kits
// ---------------------------------------------------------------------------------------------------

const ROB_ROWS: Row[] = [
  ["2WD Smart Robot Car Chassis Kit (Acrylic, 2 TT Motors)", "Generic", 25000, "2WD CAR",
    "Acrylic chassis with two TT gear motors, wheels, a caster, speed-encoder discs and a 4×AA holder. Add an Arduino and an L298N to build a line follower or obstacle avoider."],
  ["4WD Smart Robot Car Chassis Kit", "Generic", 45000, "4WD CAR",
    "Two-deck acrylic chassis with four TT motors and wheels, with space for a controller, batteries and sensors. It is more stable and powerful than the 2WD version."],
  ["ELEGOO Smart Robot Car Kit V4.0 for Arduino (with Uno R3)", "Elegoo", 250000, "ELEGOO V4",
    "Complete car kit with an Uno R3 compatible board, ultrasonic, line-tracking and IR modules, a camera module, rechargeable battery and step-by-step tutorials. It can be driven from a phone app and suits school robotics clubs."],
  ["Keyestudio 4WD Mecanum Robot Car Kit for Arduino", "Keyestudio", 195000, "MECANUM",
    "Robot car with four mecanum wheels that can drive sideways and diagonally, with line-tracking, ultrasonic and IR remote control. Tutorials cover Arduino C and block coding."],
  ["6-DOF Aluminium Robotic Arm Kit (without Servos)", "Generic", 85000, "ARM 6DOF",
    "Anodised aluminium brackets, a gripper and bearings for a six-joint arm using MG996R-size servos. It is used for pick-and-place and kinematics projects."],
  ["4-DOF Acrylic Robotic Arm Kit with SG90 Servos", "Generic", 45000, "ARM 4DOF",
    "Desktop arm cut from acrylic with four SG90 servos and a claw, controlled by an Arduino and joysticks. It is a low-cost introduction to robot arm control."],
  ["Line Follower Robot DIY Soldering Kit", "Generic", 28000, "LINE BOT",
    "Through-hole kit with an LM393 comparator, IR sensors and two motors that follows a black line without any programming. It teaches soldering and analog electronics."],
  ["Otto DIY Bipedal Robot Kit (Arduino Nano)", "Generic", 95000, "OTTO",
    "Open-source walking robot with a 3D-printed body, four SG90 servos, an ultrasonic sensor, buzzer and Arduino Nano. It can dance, walk and avoid obstacles."],
  ["Metal Tank Chassis Crawler Kit with 2 Motors", "Generic", 120000, "TANK",
    "Aluminium tracked chassis with two 12V gear motors and rubber tracks that climbs over rough ground. It suits surveillance and agricultural rover projects."],
  ["Bluetooth RC Car Kit with HC-05 & L298N", "Kilima Basics", 65000, "BT CAR",
    "2WD chassis with a compatible Uno, L298N, HC-05 Bluetooth module, battery holder and wires, driven from an Android app. It includes example code."],
  ["DFRobot Devastator Tank Mobile Robot Platform", "DFRobot", 250000, "DEVASTATOR",
    "Rugged tank platform with an aluminium alloy frame, high-strength tracks and two metal DC gear motors, with many mounting holes for sensors and a Raspberry Pi. It is suited to research and competitions."],
  ["SunFounder PiCar-X Robot Kit for Raspberry Pi", "SunFounder", 240000, "PICAR-X",
    "Raspberry Pi robot car with a camera on a pan-tilt mount, ultrasonic and grayscale sensors, programmed in Python or Ezblock. It teaches computer vision and self-driving basics."],
  ["Keyestudio Mini Tank Robot V3 Kit for Arduino", "Keyestudio", 180000, "MINI TANK",
    "Tracked robot with an LED matrix face, ultrasonic, light and line-tracking sensors and Bluetooth, with Arduino and Mixly lessons. It can be driven from a phone over Bluetooth once assembled."],
  ["F450 Quadcopter Drone Kit (Frame, Motors, ESCs)", "Generic", 320000, "F450",
    "F450 frame with integrated power distribution board, four 1000 KV motors, four 30A ESCs and propellers. Add a flight controller, radio and 3S battery to fly."],
  ["Mini Sumo Robot Kit (500g Class)", "Generic", 85000, "SUMO",
    "10 × 10 cm metal chassis with N20 motors, a blade, IR edge sensors and opponent sensors for mini-sumo competitions. Add a Nano or Pro Mini controller and a 2S battery to compete."],
  ["Mecanum Wheel 60mm (Set of 4)", "Generic", 55000, "MEC WHEEL",
    "Two left-hand and two right-hand mecanum wheels with couplings for omnidirectional robot platforms. They fit 4 mm and 6 mm motor shafts with the supplied couplings."],
  ["Self-Balancing Robot Kit (MPU-6050, Stepper Motors)", "Generic", 150000, "BALANCE",
    "Two-wheeled robot kit with NEMA 17 steppers, an MPU-6050 IMU and a controller board that balances using PID control. It is a classic control-engineering project."],
  ["Quadruped Spider Robot Kit with 12 MG90S Servos", "Generic", 210000, "QUADRUPED",
    "Four-legged walking robot with an acrylic frame, 12 metal-gear servos and a servo controller board, with gait examples in Arduino code. It needs a 2S LiPo or 7.4V pack able to supply several amps."],
  ["Servo Pan-Tilt Bracket Kit with 2 SG90", "Generic", 12000, "PAN-TILT",
    "Plastic two-axis mount with two SG90 servos for cameras and ultrasonic sensors. It is used for camera tracking and radar-style ultrasonic scanners."],
  ["Pololu QTR-8RC Reflectance Sensor Array", "Pololu", 40000, "QTR-8RC",
    "Eight IR emitter and phototransistor pairs at 9.525 mm spacing with digital RC-timing outputs, for fast and accurate line following. It is the sensor of choice for competitive line-follower robots."],
  ["Slamtec RPLIDAR A1M8 360° Laser Scanner (12m)", "Slamtec", 280000, "RPLIDAR A1",
    "360-degree 2D lidar taking 8000 samples per second out to 12 m over USB-UART, with ROS drivers. It gives robots a map of their surroundings for SLAM and navigation."],
  ["DJI Tello EDU Programmable Drone", "DJI", 520000, "TELLO EDU",
    "Indoor mini drone programmable in Scratch, Python and Swift, with a 5 MP camera, vision positioning and swarm flights using mission pads. It teaches coding and flight physics safely in a classroom."],
  ["ROBOTIS TurtleBot3 Burger (ROS 2)", "ROBOTIS", 2400000, "TB3 BURGER",
    "Small ROS 2 reference robot with a Raspberry Pi, an OpenCR controller, Dynamixel wheel motors and a 360-degree lidar. It is used worldwide to teach autonomous navigation and SLAM."],
  ["Arduino Braccio++ Robotic Arm Kit", "Arduino", 900000, "BRACCIO++",
    "Six-axis desktop robot arm with smart servos and a carrier for the Arduino Nano RP2040 Connect with a colour display and joystick. It takes students from simple moves to machine-learning demos."],
];

// ---------------------------------------------------------------------------------------------------
// STEM Education Kits
// ---------------------------------------------------------------------------------------------------

const STM_ROWS: Row[] = [
  ["Arduino Starter Kit with Arduino Uno R3 and Projects Book (Official)", "Arduino", 265000, "ARD KIT",
    "The official kit with an Arduino Uno R3, breadboard, motors, sensors, LCD and over 100 components, plus a 170-page book of 15 projects. It is the most complete way to learn electronics and coding from zero."],
  ["ELEGOO UNO R3 Super Starter Kit for Arduino", "Elegoo", 115000, "ELEGOO SSK",
    "Kit with an Uno R3 compatible board, 830 breadboard, servo, stepper, LCD, sensors, keypad and over 200 parts, with PDF tutorials. It is good value for secondary-school and university clubs."],
  ["Arduino Uno R3 Compatible Basic Starter Kit", "Kilima Basics", 55000, "UNO BASIC",
    "Uno compatible board with a USB cable, 400-point breadboard, LEDs, resistors, buttons, buzzer, LDR, potentiometer and jumper wires. It covers the first ten lessons of any Arduino course."],
  ["Keyestudio RFID Starter Kit for Arduino Uno R3", "Keyestudio", 135000, "KS RFID",
    "Learning kit with a Keyestudio Uno-compatible board, RC522 RFID module, LCD, servo, relay, sensors and a step-by-step lesson guide. It teaches access-control projects."],
  ["BBC micro:bit V2.21 Board", "micro:bit", 60000, "MICROBIT",
    "Pocket computer with a 5 × 5 LED display, buttons, speaker, microphone, accelerometer, compass and Bluetooth, coded with MakeCode blocks, Python or Scratch. It is designed for primary and secondary classrooms."],
  ["BBC micro:bit V2 Go Kit (Board, Battery Pack, Cable)", "micro:bit", 70000, "MB GO",
    "Micro:bit V2 board with a 2×AAA battery holder, batteries and USB cable in a retail box. It is ready to code and take outdoors."],
  ["Elenco Snap Circuits Jr. SC-100", "Elenco", 150000, "SNAP SC100",
    "Over 100 projects built by snapping colour-coded parts onto a grid, with no soldering or tools. It introduces circuits to children aged 8 and up."],
  ["Electronic Building Blocks Circuit Kit (335 Projects)", "Generic", 85000, "BLOCKS 335",
    "Snap-together circuit blocks with motors, lights, sound and FM radio modules and a full-colour manual of 335 experiments. It is suited to primary science clubs."],
  ["Raspberry Pi 500 Desktop Kit (UK Keyboard)", "Raspberry Pi", 360000, "PI 500 KIT",
    "Raspberry Pi 5-class computer built into a keyboard, with mouse, power supply, micro-HDMI cable and beginner's guide. It turns any TV or monitor into a computer for a school ICT lab."],
  ["6-in-1 Solar Power Science Kit", "Generic", 25000, "SOLAR 6IN1",
    "Build a car, boat, windmill and other models powered by a small solar panel and motor. It introduces renewable energy to children."],
  ["DIY FM Radio Soldering Kit", "Generic", 12000, "FM KIT",
    "Through-hole FM receiver kit (88–108 MHz) with a speaker and headphone jack, built in about two hours. It is good soldering practice for technical students."],
  ["Electronics Component Starter Kit (Resistors, LEDs, Capacitors)", "Kilima Basics", 38000, "COMP KIT",
    "Breadboard, jumper wires, resistors, LEDs, capacitors, transistors, diodes, buttons and a 9V clip in a compartment box. It stocks a student's first bench."],
  ["Makeblock mBot2 Coding Robot Kit", "Makeblock", 400000, "MBOT2",
    "Educational robot with a CyberPi controller (ESP32, colour display, WiFi), encoder motors, ultrasonic and quad RGB sensors, programmed with mBlock or Python. It suits school coding curricula."],
  ["Seeed Studio Grove Beginner Kit for Arduino", "Seeed Studio", 75000, "GROVE KIT",
    "An Arduino-compatible board with ten pre-wired Grove modules (OLED, sensors, buzzer and LED) on a single PCB, so lessons work without any wiring. The modules snap out when you need them elsewhere."],
  ["DFRobot Boson Starter Kit for micro:bit", "DFRobot", 160000, "BOSON KIT",
    "Magnetic plug-and-play modules (buttons, sensors, motor and lights) with a micro:bit expansion board for building interactive projects without breadboards. Children build working inventions in minutes, without tools."],
  ["Raspberry Pi Pico Starter Kit with MicroPython Guide", "Kilima Basics", 65000, "PICO KIT",
    "Pico with headers, breadboard, LEDs, buttons, buzzer, potentiometer, servo and sensors, plus a printed guide to MicroPython projects. The projects run with the free Thonny editor on any laptop."],
  ["ESP32 IoT Starter Kit (ESP32 WiFi Board, Sensors, OLED)", "Kilima Basics", 85000, "ESP32 KIT",
    "ESP32 WiFi + Bluetooth devkit with DHT22, PIR, relay, soil moisture sensor, OLED and breadboard, with lessons for sending readings to a phone dashboard. It is built around smart-farming and home-automation projects."],
  ["Digital Logic Gates Trainer Kit (74HC Series)", "Generic", 45000, "LOGIC KIT",
    "AND, OR, NOT, NAND, NOR, XOR and flip-flop ICs with a breadboard, LEDs, DIP switches and a practical workbook. It matches digital electronics syllabi at diploma level."],
  ["Water Level Indicator & Alarm DIY Kit", "Generic", 8000, "WATER LVL",
    "Transistor-based kit with probe wires, five LEDs and a buzzer that shows tank levels and sounds when full. It is a practical first project for secondary students."],
  ["Adafruit Circuit Playground Express", "Adafruit", 85000, "CPX",
    "Round board with 10 NeoPixels, motion, temperature, light and sound sensors, a speaker and capacitive touch pads, programmable with MakeCode, CircuitPython or Arduino. It needs no breadboard and is a good first board for younger learners."],
  ["LEGO Education SPIKE Essential Set", "LEGO Education", 1150000, "SPIKE ESS",
    "Classroom set with a programmable hub, motors, colour sensor, light matrix and 449 LEGO elements, with STEAM lessons for ages 6–10. It is coded with Scratch-based SPIKE software."],
  ["LEGO Education SPIKE Prime Set", "LEGO Education", 1700000, "SPIKE PRM",
    "Large Hub, three motors, distance, colour and force sensors and 528 elements for ages 10–14, coded with Scratch or Python. It supports competition-style robotics and STEAM lessons."],
  ["Arduino Plug and Make Kit (Uno R4 WiFi)", "Arduino", 290000, "PLUG MAKE",
    "Solder-free kit with an Arduino Uno R4 WiFi, Modulino sensor and actuator nodes joined by Qwiic cables, and seven guided IoT projects using Arduino Cloud. It gets beginners to a working connected project in an afternoon."],
  ["Arduino Alvik Educational Robot", "Arduino", 480000, "ALVIK",
    "MicroPython-programmable robot built on an Arduino Nano ESP32, with time-of-flight, colour, line and touch sensors plus Qwiic and servo expansion. It grows from block coding to Python robotics in secondary and university classrooms."],
  ["BBC micro:bit V2 Class Pack (10 Boards)", "micro:bit", 580000, "MB CLASS10",
    "Ten micro:bit V2 boards with battery packs, batteries and USB cables in a storage box. It is enough for a class working in pairs or small groups."],
];

// ---------------------------------------------------------------------------------------------------
// Category table
// ---------------------------------------------------------------------------------------------------

/** Rows per category slug, with the SKU code of the category ("KE-MCU-0001"). */
const CATEGORY_ROWS: Record<string, { code: string; rows: Row[] }> = {
  "microcontrollers-development-boards": { code: "MCU", rows: MCU_ROWS },
  "sensors-modules": { code: "SEN", rows: SEN_ROWS },
  "iot-networking-modules": { code: "IOT", rows: IOT_ROWS },
  displays: { code: "DSP", rows: DSP_ROWS },
  "motors-drivers": { code: "MOT", rows: MOT_ROWS },
  "semiconductors-leds": { code: "SEM", rows: SEM_ROWS },
  "passive-components": { code: "PAS", rows: PAS_ROWS },
  "power-batteries": { code: "PWR", rows: PWR_ROWS },
  "solar-energy": { code: "SOL", rows: SOL_ROWS },
  "cables-connectors": { code: "CBL", rows: CBL_ROWS },
  "pcb-prototyping-supplies": { code: "PCB", rows: PCB_ROWS },
  "tools-test-equipment": { code: "TLS", rows: TLS_ROWS },
  "3d-printing": { code: "3DP", rows: PRN_ROWS },
  "robotics-kits": { code: "ROB", rows: ROB_ROWS },
  "stem-education-kits": { code: "STM", rows: STM_ROWS },
};

// ---------------------------------------------------------------------------------------------------
// Deterministic helpers
// ---------------------------------------------------------------------------------------------------


const SEED_SALT = 0x4b1c2025;

/** Rounds to 500 shillings below 100,000 and to 1,000 from there up (never below 500). */
function roundPrice(amount: number): number {
  const step = amount >= 100_000 ? 1000 : 500;
  return Math.max(500, Math.round(amount / step) * step);
}

const randInt = (rng: () => number, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));

function cartesian(lists: readonly (readonly string[])[]): string[][] {
  return lists.reduce<string[][]>((acc, list) => acc.flatMap((prefix) => list.map((v) => [...prefix, v])), [[]]);
}

/**
 * SKU fragment of one attribute value: "10k Ohm" → "10KR", "0.5m" → "0P5M", "Warm White" → "WW",
 * "Male-Female" → "MF" (multi-word names become initials; values starting with a digit are kept).
 */
function skuFragment(value: string): string {
  const text = value.replace(/\s*Ohm\b/gi, "R").replace(/µ/g, "U").replace(/²/g, "").replace(/(\d)\.(\d)/g, "$1P$2");
  const words = text.split(/[\s-]+/).filter(Boolean);
  const code = words.length > 1 && !/^\d/.test(text) ? words.map((w) => w[0]).join("") : text;
  return code.toUpperCase().replace(/[^A-Z0-9]+/g, "").slice(0, 8) || "X";
}

// ---------------------------------------------------------------------------------------------------
// Variants
// ---------------------------------------------------------------------------------------------------

interface VariantDraft {
  attributes: Record<string, string>;
  price: number;
  multiValues?: Record<string, string[]>;
  primaryValues?: PrimaryValue[];
}

function expandVariants(def: VariantDef, base: number): { config: VariantConfig; drafts: VariantDraft[] } {
  switch (def.kind) {
    case "simple":
      return {
        config: { type: "simple", attributeOrder: [def.attribute] },
        drafts: def.options.map(([value, delta]) => ({
          attributes: { [def.attribute]: value },
          price: roundPrice(base + delta),
        })),
      };
    case "primary": {
      const primaryValues: PrimaryValue[] = def.options.map(([value, delta]) => ({
        attribute: def.attribute,
        value,
        price: roundPrice(base + delta),
      }));
      const multiNames = Object.keys(def.multi);
      const combos = cartesian(multiNames.map((name) => def.multi[name] ?? []));
      const drafts: VariantDraft[] = [];
      for (const pv of primaryValues) {
        for (const combo of combos) {
          const attributes: Record<string, string> = { [def.attribute]: pv.value };
          multiNames.forEach((name, i) => {
            attributes[name] = combo[i] ?? "";
          });
          drafts.push({
            attributes,
            price: pv.price,
            multiValues: Object.fromEntries(multiNames.map((name) => [name, [...(def.multi[name] ?? [])]])),
            primaryValues: primaryValues.map((p) => ({ ...p })),
          });
        }
      }
      return {
        config: { type: "primary-dependent", primaryAttribute: def.attribute, attributeOrder: [def.attribute, ...multiNames] },
        drafts,
      };
    }
    case "multi": {
      const names = def.axes.map((axis) => axis.attribute);
      let combos: Option[][] = [[]];
      for (const axis of def.axes) combos = combos.flatMap((prefix) => axis.options.map((opt) => [...prefix, opt]));
      const drafts = combos.map((combo) => {
        const price =
          def.combine === "add"
            ? base + combo.reduce((sum, [, delta]) => sum + delta, 0)
            : base * combo.reduce((product, [, factor]) => product * factor, 1);
        return {
          attributes: Object.fromEntries(combo.map(([value], i) => [names[i] ?? `Option ${i + 1}`, value])),
          price: roundPrice(price),
        };
      });
      return { config: { type: "multi-dependent", primaryAttributes: names, attributeOrder: names }, drafts };
    }
  }
}

/** The shop's long-running bestsellers: the only products with more than 1,000 reviews. */
const BESTSELLERS = new Set([
  "Arduino Uno R3 Compatible Board (ATmega328P + CH340G) with USB Cable",
  "ESP32-WROOM-32 DevKit V1 WiFi + Bluetooth Board",
  "HC-SR04 Ultrasonic Distance Sensor",
  "Dupont Jumper Wires 40pcs M-M 20cm",
  "Breadboard 830 Points",
  "10k Ohm Carbon Film Resistor 1/4W (Pack of 100)",
  "SG90 Micro Servo 9g",
  "L298N Dual H-Bridge Motor Driver",
]);

type StockBand = "out" | "low" | "normal";

/** Typical shelf quantity: many cheap parts, few expensive machines. */
function stockCap(price: number): number {
  if (price < 10_000) return 400;
  if (price < 50_000) return 200;
  if (price < 200_000) return 80;
  if (price < 1_000_000) return 30;
  return 12;
}

function productStock(rng: () => number, band: StockBand, price: number): number {
  if (band === "out") return 0;
  if (band === "low") return randInt(rng, 1, 4);
  return Math.max(5, Math.round(5 + Math.pow(rng(), 1.6) * (stockCap(price) - 5)));
}

function variantStocks(rng: () => number, band: StockBand, count: number, price: number): number[] {
  const stocks = new Array<number>(count).fill(0);
  if (band === "out" || count === 0) return stocks;
  if (band === "low") {
    const total = randInt(rng, 1, 4);
    for (let i = 0; i < total; i++) {
      const idx = randInt(rng, 0, count - 1);
      stocks[idx] = (stocks[idx] ?? 0) + 1;
    }
    return stocks;
  }
  const perVariant = Math.max(6, Math.floor(stockCap(price) / count));
  for (let i = 0; i < count; i++) stocks[i] = rng() < 0.1 ? 0 : randInt(rng, 2, perVariant);
  const total = stocks.reduce((a, b) => a + b, 0);
  if (total < 5) stocks[0] = (stocks[0] ?? 0) + (5 - total);
  return stocks;
}

// ---------------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------------

function buildProduct(row: Row, categorySlug: string, sku: string): SeedProduct {
  const [name, brand, basePrice, imageLabel, spec, variantDef] = row;
  const rng = mulberry32(fnv1a(name) ^ SEED_SALT);

  const description = spec.trim();

  const stockRoll = rng();
  const bestseller = BESTSELLERS.has(name);
  const band: StockBand = bestseller ? "normal" : stockRoll < 0.08 ? "out" : stockRoll < 0.18 ? "low" : "normal";

  let price = roundPrice(basePrice);
  let stock: number;
  let variantConfig: VariantConfig | undefined;
  let variants: SeedVariant[] | undefined;
  if (variantDef) {
    const { config, drafts } = expandVariants(variantDef, basePrice);
    const stocks = variantStocks(rng, band, drafts.length, basePrice);
    const used = new Set<string>();
    variants = drafts.map((draft, i) => {
      const order = config.attributeOrder ?? Object.keys(draft.attributes);
      let suffix = order.map((attr) => skuFragment(draft.attributes[attr] ?? "")).join("-");
      if (used.has(suffix)) suffix = `${suffix}-${i + 1}`;
      used.add(suffix);
      const variant: SeedVariant = {
        sku: `${sku}-${suffix}`,
        price: draft.price,
        stock: stocks[i] ?? 0,
        attributes: draft.attributes,
      };
      if (draft.multiValues) variant.multiValues = draft.multiValues;
      if (draft.primaryValues) variant.primaryValues = draft.primaryValues;
      return variant;
    });
    variantConfig = config;
    price = Math.min(...variants.map((v) => v.price));
    stock = variants.reduce((sum, v) => sum + v.stock, 0);
  } else {
    stock = productStock(rng, band, price);
  }

  // About 30% carry a real 5–30% discount; the list price is rounded like every other price.
  let originalPrice = price;
  if (rng() < 0.3) {
    const step = price >= 100_000 ? 1000 : 500;
    let candidate = roundPrice(price * (1.05 + rng() * 0.25));
    if (candidate < price * 1.05) candidate += step;
    if (candidate <= price * 1.3 && candidate > price) originalPrice = candidate;
  }

  const freeDelivery = rng() < (price >= 200_000 ? 0.5 : 0.2);
  const sameDayDelivery = rng() < 0.4;

  const ratingRoll = rng();
  const rating =
    ratingRoll < 0.06 ? (30 + randInt(rng, 0, 4)) / 10 : (35 + Math.round(15 * Math.sqrt(rng()))) / 10;

  const newRoll = rng();
  const listedDaysAgo = bestseller
    ? randInt(rng, 400, 720)
    : newRoll < 0.07
      ? randInt(rng, 0, 14)
      : randInt(rng, 15, 720);

  // Reviews: bestsellers 1,000–2,500; new listings and a few others 1–10; the rest log-uniform 11–1,000.
  const reviewRoll = rng();
  let reviews: number;
  if (bestseller) reviews = randInt(rng, 1000, 2500);
  else if (listedDaysAgo <= 14 || reviewRoll < 0.05) reviews = randInt(rng, 1, 10);
  else reviews = Math.round(Math.exp(Math.log(11) + rng() * (Math.log(1000) - Math.log(11))));

  const salesFactor = reviews > 1000 ? 1.3 + rng() * 0.7 : 1.5 + rng() * 2.5;
  const salesCount = Math.min(5000, Math.round(reviews * salesFactor) + randInt(rng, 0, 15));

  const product: SeedProduct = {
    name,
    categorySlug,
    brand,
    sku,
    description,
    price,
    originalPrice,
    stock,
    freeDelivery,
    sameDayDelivery,
    rating,
    reviews,
    salesCount,
    listedDaysAgo,
    imageLabel,
  };
  if (variantConfig && variants) {
    product.variantConfig = variantConfig;
    product.variants = variants;
  }
  return product;
}

/** The full demo catalogue, in category display order; identical on every call. */
export function buildSeedProducts(): SeedProduct[] {
  const products: SeedProduct[] = [];
  for (const category of SEED_CATEGORIES) {
    const entry = CATEGORY_ROWS[category.slug];
    if (!entry) continue;
    entry.rows.forEach((row, i) => {
      const sku = `KE-${entry.code}-${String(i + 1).padStart(4, "0")}`;
      products.push(buildProduct(row, category.slug, sku));
    });
  }
  return products;
}
