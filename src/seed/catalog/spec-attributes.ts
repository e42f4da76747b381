/**
 * The specification attributes of each demo category: what its products are compared and chosen
 * by. A key means the same thing, in the same base unit, in every category that has it
 * (`voltage` is volts everywhere, `size` a length everywhere); names and list options are the
 * category's own. Broad categories (Passive Components holds resistors, capacitors, crystals and
 * switches) list the union their products need, plus a `type` list that narrows the kinds.
 *
 * `isKey` marks what an alternative must match: an engineer swaps a 10 kΩ 0805 resistor for
 * another 10 kΩ 0805 resistor whatever its brand, not for a 10 kΩ through-hole one.
 */
import { parseSpecValue, type SpecAttributeDef } from "@/lib/specs/values";

export type SeedSpecAttribute = SpecAttributeDef;

type Draft = Omit<SeedSpecAttribute, "sortOrder">;
type Flags = { isFilter?: boolean; isKey?: boolean };

const num = (key: string, nameEn: string, nameSw: string, unit: NonNullable<SpecAttributeDef["unit"]>, flags: Flags = {}): Draft => ({
  key,
  nameEn,
  nameSw,
  kind: "number",
  unit,
  options: [],
  isFilter: flags.isFilter ?? true,
  isKey: flags.isKey ?? false,
});

const list = (key: string, nameEn: string, nameSw: string, options: readonly string[], flags: Flags = {}): Draft => ({
  key,
  nameEn,
  nameSw,
  kind: "list",
  unit: null,
  options: [...options],
  isFilter: flags.isFilter ?? true,
  isKey: flags.isKey ?? false,
});

const yesNo = (key: string, nameEn: string, nameSw: string, flags: Flags = {}): Draft => ({
  key,
  nameEn,
  nameSw,
  kind: "boolean",
  unit: null,
  options: [],
  isFilter: flags.isFilter ?? true,
  isKey: flags.isKey ?? false,
});

/** Display order is the order written; steps of 10 leave room for an admin's own attributes. */
const ordered = (drafts: Draft[]): SeedSpecAttribute[] => drafts.map((d, i) => ({ ...d, sortOrder: (i + 1) * 10 }));

const KEY = { isKey: true } as const;

// Lists several categories share (a category may use a part of one).

/** Through-hole and surface-mount packages, SMD chips by their imperial codes. */
const SMD_CHIPS = ["0402", "0603", "0805", "1206", "2512"];
const INTERFACES = ["I2C", "SPI", "UART", "1-Wire", "Analog", "Digital", "PWM", "RS485", "CAN", "USB", "Ethernet"];
const RADIOS = ["Wi-Fi", "Bluetooth", "Bluetooth LE", "LoRa", "2G GSM", "3G", "4G LTE", "NB-IoT", "GNSS", "Zigbee", "2.4 GHz RF", "433 MHz RF"];
const IP_RATINGS = ["IP20", "IP30", "IP54", "IP65", "IP67", "IP68"];
const CHEMISTRIES = ["Li-ion", "LiPo", "LiFePO4", "NiMH", "Lead-acid AGM", "Lead-acid gel", "Lithium coin"];
const CONTROLLERS = [
  "Arduino Uno",
  "Arduino Nano",
  "Arduino Nano ESP32",
  "Arduino Nano RP2040",
  "Arduino Uno R4",
  "ESP32",
  "Raspberry Pi",
  "Raspberry Pi Pico",
  "micro:bit",
  "OpenCR",
  "LEGO hub",
  "Built-in",
  "Not included",
];
const PROGRAMMING = ["Blocks (Scratch/MakeCode)", "Arduino C/C++", "MicroPython", "Python", "ROS 2", "No coding"];
const COLOURS = [
  "Red",
  "Green",
  "Blue",
  "Yellow",
  "Orange",
  "White",
  "Warm White",
  "Cool White",
  "Black",
  "Grey",
  "Brown",
  "Silver",
  "Transparent",
  "Gold",
  "RGB",
  "Full spectrum",
  "Multicolour",
];

/** A package family by its pin counts: "DIP-8", "DIP-14", … */
const pinned = (family: string, pins: readonly number[]): string[] => pins.map((n) => `${family}-${n}`);

const type = (options: readonly string[]): Draft => list("type", "Type", "Aina", options, KEY);
const voltage = (nameEn = "Voltage", nameSw = "Volteji", flags: Flags = {}): Draft => num("voltage", nameEn, nameSw, "volt", flags);
const current = (nameEn = "Current", nameSw = "Mkondo", flags: Flags = {}): Draft => num("current", nameEn, nameSw, "ampere", flags);
const power = (nameEn = "Power", nameSw = "Nguvu", flags: Flags = {}): Draft => num("power", nameEn, nameSw, "watt", flags);
const iface = (options: readonly string[] = INTERFACES, flags: Flags = {}): Draft => list("interface", "Interface", "Kiolesura", options, flags);
const radios = (options: readonly string[] = RADIOS, flags: Flags = {}): Draft => list("radios", "Wireless", "Mawasiliano bila waya", options, flags);
const ipRating = (): Draft => list("ip_rating", "Protection (IP)", "Kinga ya maji na vumbi (IP)", IP_RATINGS);
const colour = (options: readonly string[] = COLOURS, flags: Flags = {}): Draft => list("colour", "Colour", "Rangi", options, flags);
const tempMin = (nameEn = "Minimum temperature", nameSw = "Joto la chini kabisa"): Draft => num("temp_min", nameEn, nameSw, "celsius");
const tempMax = (nameEn = "Maximum temperature", nameSw = "Joto la juu kabisa"): Draft => num("temp_max", nameEn, nameSw, "celsius");
const length = (nameEn = "Length", nameSw = "Urefu", flags: Flags = {}): Draft => num("length", nameEn, nameSw, "metre", flags);
const diameter = (nameEn = "Diameter", nameSw = "Kipenyo", flags: Flags = {}): Draft => num("diameter", nameEn, nameSw, "metre", flags);
const range = (nameEn = "Range", nameSw = "Upeo"): Draft => num("range", nameEn, nameSw, "metre");
const capacity = (): Draft => num("capacity", "Capacity", "Uwezo", "ampere_hour");
const energy = (): Draft => num("energy", "Energy", "Nishati", "watt_hour");
const chemistry = (flags: Flags = {}): Draft => list("chemistry", "Chemistry", "Kemia ya betri", CHEMISTRIES, flags);
const controller = (): Draft => list("controller", "Controller", "Bodi ya kudhibiti", CONTROLLERS);
const programming = (): Draft => list("programming", "Programming", "Lugha ya kuprogramu", PROGRAMMING);
const material = (options: readonly string[], flags: Flags = {}): Draft => list("material", "Material", "Nyenzo", options, flags);
const weight = (): Draft => num("weight", "Weight", "Uzito", "gram");

export const SEED_SPEC_ATTRIBUTES: Record<string, SeedSpecAttribute[]> = {
  "microcontrollers-development-boards": ordered([
    type(["Microcontroller board", "Single-board computer", "Compute module", "FPGA board", "PLC", "AI accelerator", "Expansion board", "Enclosure"]),
    list(
      "chip",
      "Chip",
      "Chipu",
      [
        "ATmega328P",
        "ATmega32U4",
        "ATmega2560",
        "ATmega4809",
        "Renesas RA4M1",
        "ESP32",
        "ESP32-S3",
        "ESP32-C3",
        "ESP32-C6",
        "ESP8266",
        "RP2040",
        "RP2350",
        "STM32F103",
        "STM32F401",
        "STM32F411",
        "STM32H747",
        "nRF52840",
        "SAMD21",
        "Broadcom BCM2712",
        "Broadcom BCM2711",
        "Broadcom BCM2710A1",
        "TI AM3358",
        "NVIDIA Orin",
        "AMD Artix-7",
        "Hailo-8L",
      ],
      KEY,
    ),
    list("core", "Core", "Kiini cha kichakataji", [
      "AVR 8-bit",
      "Arm Cortex-M0+",
      "Arm Cortex-M3",
      "Arm Cortex-M4",
      "Arm Cortex-M7",
      "Arm Cortex-M33",
      "Arm Cortex-A8",
      "Arm Cortex-A53",
      "Arm Cortex-A72",
      "Arm Cortex-A76",
      "Arm Cortex-A78AE",
      "Xtensa LX6",
      "Xtensa LX7",
      "Xtensa L106",
      "RISC-V",
    ]),
    num("frequency", "Clock speed", "Kasi ya kichakataji", "hertz"),
    num("flash", "Flash", "Kumbukumbu ya flash", "byte"),
    num("ram", "RAM", "Kumbukumbu ya RAM", "byte"),
    num("storage", "Storage", "Hifadhi", "byte"),
    voltage("Operating voltage", "Volteji ya uendeshaji"),
    radios(["Wi-Fi", "Bluetooth", "Bluetooth LE"]),
    list("usb", "USB connector", "Kiunganishi cha USB", ["USB-C", "Micro-USB", "Mini-USB", "USB-B"]),
  ]),

  "sensors-modules": ordered([
    type(["Sensor", "Reader", "Camera", "Relay module", "Real-time clock", "Sensor kit"]),
    list(
      "measures",
      "Measures",
      "Kinachopimwa",
      [
        "Distance",
        "Temperature",
        "Humidity",
        "Pressure",
        "Gas",
        "Air quality",
        "CO2",
        "Motion",
        "Acceleration",
        "Rotation",
        "Position",
        "Weight",
        "Current",
        "Voltage",
        "Light",
        "Colour",
        "Line",
        "Flow",
        "pH",
        "Soil moisture",
        "Soil nutrients",
        "Wind",
        "Rain",
        "Heart rate",
        "Magnetic field",
        "Heat image",
        "Depth",
      ],
      KEY,
    ),
    iface(INTERFACES),
    voltage("Supply voltage", "Volteji ya uendeshaji"),
    range("Range", "Upeo wa kupima"),
    tempMin("Lowest temperature measured", "Joto la chini linalopimwa"),
    tempMax("Highest temperature measured", "Joto la juu linalopimwa"),
    current("Current rating", "Kiwango cha mkondo"),
    frequency("Frequency", "Masafa"),
  ]),

  "iot-networking-modules": ordered([
    type([
      "Cellular module",
      "LoRa module",
      "Wi-Fi module",
      "Bluetooth module",
      "RF transceiver",
      "GNSS module",
      "Zigbee module",
      "Ethernet module",
      "Camera module",
      "Interface adapter",
      "Router",
      "Access point",
      "Gateway",
      "Antenna",
      "Smart switch",
      "IP camera",
      "Video recorder",
    ]),
    radios(RADIOS, KEY),
    frequency("Frequency band", "Masafa"),
    iface(["UART", "SPI", "I2C", "USB", "Ethernet", "RS485"]),
    voltage("Supply voltage", "Volteji ya uendeshaji"),
    range("Range", "Umbali wa mawasiliano"),
    current("Current rating", "Kiwango cha mkondo"),
    num("gain", "Antenna gain", "Nguvu ya antena (gain)", "decibel"),
    list("antenna", "Antenna", "Antena", ["PCB antenna", "IPEX (u.FL)", "SMA", "Spring antenna", "External", "Internal"]),
    yesNo("poe", "PoE", "PoE (umeme kupitia Ethernet)"),
    ipRating(),
  ]),

  displays: ordered([
    type([
      "OLED",
      "Character LCD",
      "TFT LCD",
      "IPS LCD",
      "E-paper",
      "LED dot matrix",
      "7-segment LED",
      "LED strip",
      "LED panel",
      "LED sign kit",
      "Sign controller",
    ]),
    num("size", "Screen size", "Ukubwa wa skrini", "inch", KEY),
    list(
      "resolution",
      "Resolution",
      "Idadi ya pikseli",
      [
        "128x32",
        "128x64",
        "128x128",
        "160x128",
        "250x122",
        "280x240",
        "296x128",
        "320x240",
        "400x300",
        "480x320",
        "800x480",
        "1024x600",
        "1280x720",
        "1280x800",
        "1920x1080",
        "16x2 characters",
        "20x4 characters",
        "4 digits",
        "8x8",
        "32x8",
        "32x16",
        "64x32",
        "96x32",
      ],
      KEY,
    ),
    list(
      "interface",
      "Interface",
      "Kiolesura",
      ["I2C", "SPI", "Parallel", "HDMI", "DSI", "UART", "USB", "USB-C", "HUB12", "HUB75", "Single-wire", "Two-wire", "Wi-Fi"],
      KEY,
    ),
    list("driver", "Controller chip", "Chipu ya kidhibiti", [
      "SSD1306",
      "SH1106",
      "SSD1327",
      "SSD1680",
      "UC8176",
      "HD44780",
      "ST7735",
      "ST7789",
      "ST7796",
      "ILI9341",
      "ILI9486",
      "MAX7219",
      "TM1637",
      "WS2812B",
    ]),
    list("touch", "Touch", "Mguso", ["Capacitive", "Resistive", "None"]),
    colour(["Full colour", "RGB", "White", "Blue", "Yellow-Blue", "Yellow-Green", "Red", "Black and white"]),
    voltage("Supply voltage", "Volteji ya uendeshaji"),
    length(),
    ipRating(),
  ]),

  "motors-drivers": ordered([
    type([
      "DC motor",
      "Gear motor",
      "Vibration motor",
      "Servo",
      "Smart servo",
      "Stepper motor",
      "Brushless motor",
      "Linear actuator",
      "Pump",
      "Solenoid valve",
      "DC motor driver",
      "Stepper driver",
      "Servo driver",
      "Gate opener",
      "Hub motor kit",
    ]),
    voltage("Rated voltage", "Volteji ya kawaida", KEY),
    current("Current", "Mkondo"),
    power(),
    num("speed", "Speed", "Kasi ya mzunguko", "rpm"),
    num("torque", "Torque", "Msokoto (torque)", "newton_metre"),
    list("frame", "Frame size", "Ukubwa wa fremu", ["NEMA 17", "NEMA 23", "80 mm"]),
    list("channels", "Channels", "Idadi ya chaneli", ["1", "2", "4", "16"]),
    iface(["PWM", "Step/Dir", "I2C", "UART", "TTL bus", "Pulse/Dir"]),
  ]),

  "semiconductors-leds": ordered([
    type([
      "LED",
      "Power LED",
      "LED board",
      "Transistor",
      "Darlington transistor",
      "MOSFET",
      "IGBT",
      "Diode",
      "Zener diode",
      "Schottky diode",
      "TVS diode",
      "Bridge rectifier",
      "Voltage regulator",
      "DC-DC converter IC",
      "Timer IC",
      "Op-amp",
      "Comparator",
      "Logic IC",
      "Interface IC",
      "Driver IC",
      "Audio amplifier",
      "Data converter IC",
      "Optocoupler",
      "Microcontroller",
    ]),
    list(
      "package",
      "Package",
      "Kifurushi",
      [
        "3mm",
        "5mm",
        "10mm",
        ...SMD_CHIPS.slice(1, 4),
        "2835",
        "5050",
        "Star",
        "TO-92",
        "TO-126",
        "TO-220",
        "TO-247",
        "TO-252",
        "TO-263",
        "SOT-23",
        "SOT-23-5",
        "SOT-223",
        "DO-41",
        "DO-201",
        "SMA",
        "SMB",
        "SOD-123",
        "SOD-323",
        ...pinned("DIP", [4, 6, 8, 10, 14, 16, 20, 28, 40]),
        ...pinned("SOIC", [4, 6, 8, 10, 14, 16, 20, 28]),
        "MSOP-8",
        ...pinned("TSSOP", [4, 6, 8, 10, 14, 16, 20, 28]),
        ...pinned("QFN", [4, 6, 8, 10, 14, 16, 20, 28, 32]),
        ...pinned("LQFP", [48, 64]),
        "PowerPAK",
        "KBPC",
        "62 mm module",
        "Module",
      ],
      KEY,
    ),
    list("polarity", "Polarity", "Polariti", ["NPN", "PNP", "N-channel", "P-channel"], KEY),
    voltage("Voltage", "Volteji", KEY),
    current("Current", "Mkondo"),
    power(),
    num("dropout", "Dropout voltage", "Volteji ya kushuka (dropout)", "volt"),
    num("rds_on", "On-resistance (Rds on)", "Ukinzani ikiwa imewaka (Rds on)", "ohm", { isFilter: false }),
    colour(COLOURS, KEY),
    num("frequency", "Clock speed", "Kasi ya kichakataji", "hertz"),
    num("flash", "Flash", "Kumbukumbu ya flash", "byte"),
  ]),

  "passive-components": ordered([
    type([
      "Resistor",
      "Resistor network",
      "Resistor kit",
      "Potentiometer",
      "Trimmer potentiometer",
      "Potentiometer kit",
      "Thermistor",
      "Capacitor",
      "Capacitor kit",
      "Inductor",
      "Crystal",
      "Switch",
      "Buzzer",
      "Relay",
    ]),
    num("resistance", "Resistance", "Ukinzani", "ohm", KEY),
    num("capacitance", "Capacitance", "Kapasitansi", "farad", KEY),
    num("inductance", "Inductance", "Induktansi", "henry", KEY),
    num("frequency", "Frequency", "Masafa", "hertz", KEY),
    num("tolerance", "Tolerance", "Ustahimilivu (tolerance)", "percent"),
    power("Power rating", "Kiwango cha nguvu"),
    voltage("Voltage rating", "Kiwango cha volteji"),
    current("Current rating", "Kiwango cha mkondo"),
    list(
      "package",
      "Package",
      "Kifurushi",
      [...SMD_CHIPS, "Axial", "Radial", "THT", "SIP-9", "HC-49S", "HC-49U", "SMD 2520", "SMD 3225", "SMD 5032", "SMD", "Panel mount"],
      KEY,
    ),
    list("technology", "Construction", "Muundo", ["Carbon film", "Metal film", "Metal oxide", "Wirewound", "Thick film", "Cermet", "Carbon track"]),
    list("dielectric", "Dielectric", "Dielektriki", ["C0G", "X7R", "X5R", "Y5V", "Ceramic", "Aluminium electrolytic"]),
    list("taper", "Taper", "Mwenendo (taper)", ["Linear", "Logarithmic"]),
  ]),

  "power-batteries": ordered([
    type([
      "Battery",
      "Battery charger",
      "Charger module",
      "BMS",
      "Buck converter",
      "Boost converter",
      "Buck-boost converter",
      "Isolated DC-DC converter",
      "Power supply",
      "Power adapter",
      "LED driver",
      "UPS",
      "Power station",
    ]),
    chemistry(KEY),
    voltage("Voltage", "Volteji", KEY),
    num("input_voltage", "Input voltage", "Volteji ya kuingiza", "volt"),
    current("Current", "Mkondo"),
    power(),
    capacity(),
    energy(),
    list("cell", "Cell size", "Ukubwa wa seli", ["18650", "21700", "32700", "AA", "AAA", "103450", "CR2032"], KEY),
    list("cells", "Cells in series", "Seli kwa mfululizo", ["1S", "2S", "3S", "4S", "6S", "13S", "16S"]),
    list("connector", "Connector", "Kiunganishi", ["XT60", "JST-PH", "USB-C", "DC 5.5x2.1mm", "F1 terminal", "UK plug", "Screw terminal"]),
  ]),

  "solar-energy": ordered([
    type([
      "Solar panel",
      "MPPT charge controller",
      "PWM charge controller",
      "Inverter",
      "Inverter/charger",
      "Hybrid inverter",
      "Battery",
      "Battery monitor",
      "Solar pump",
      "Street light",
      "Lighting kit",
      "Circuit breaker",
      "Surge protector",
      "Connector",
      "Cable",
      "Energy meter",
      "Mounting",
    ]),
    power(),
    voltage("Voltage", "Volteji", KEY),
    current("Current", "Mkondo"),
    capacity(),
    energy(),
    chemistry(),
    list("cell_type", "Cell type", "Aina ya seli", ["Monocrystalline", "Mono PERC", "Polycrystalline"]),
    num("pv_voltage", "Max. panel voltage", "Volteji ya juu ya paneli", "volt"),
    list("cross_section", "Cable size", "Ukubwa wa waya", ["1.5 mm²", "2.5 mm²", "4 mm²", "6 mm²", "10 mm²", "16 mm²", "25 mm²", "35 mm²"]),
    length(),
    ipRating(),
  ]),

  "cables-connectors": ordered([
    type([
      "Jumper wires",
      "Wire",
      "USB cable",
      "Video cable",
      "Network cable",
      "Power cable",
      "Mains cable",
      "Ribbon cable",
      "RF cable",
      "Sensor cable",
      "Test leads",
      "Connector",
      "Connector kit",
      "Terminal block",
      "Pin header",
      "Heat shrink",
      "Ferrules",
    ]),
    list(
      "connector",
      "Connector",
      "Kiunganishi",
      [
        "Dupont",
        "USB-A",
        "USB-B",
        "USB-C",
        "Micro-USB",
        "HDMI",
        "Micro-HDMI",
        "DisplayPort",
        "RJ45",
        "DC 5.5x2.1mm",
        "SMA",
        "u.FL",
        "IDC",
        "JST-XH",
        "JST-PH",
        "JST-SH",
        "Molex KK",
        "Molex Micro-Fit",
        "Molex Mini-Fit Jr",
        "XT30",
        "XT60",
        "Anderson Powerpole",
        "Screw terminal",
        "Pluggable terminal",
        "Pin header",
        "Banana 4mm",
        "Crocodile clip",
        "Bootlace ferrule",
      ],
      KEY,
    ),
    list("gender", "Gender", "Dume/Jike", ["Male", "Female", "Male-Male", "Male-Female", "Female-Female", "Male and female"]),
    length(),
    num("pitch", "Pitch", "Nafasi kati ya pini", "metre"),
    list("gauge", "Wire gauge", "Unene wa waya (AWG)", [
      "30 AWG",
      "28 AWG",
      "26 AWG",
      "24 AWG",
      "23 AWG",
      "22 AWG",
      "20 AWG",
      "18 AWG",
      "16 AWG",
      "14 AWG",
      "12 AWG",
    ]),
    list("cross_section", "Conductor size", "Ukubwa wa kiini cha waya", ["0.5 mm²", "1.5 mm²", "2.5 mm²", "4 mm²", "6 mm²", "10 mm²"]),
    current("Current rating", "Kiwango cha mkondo"),
    voltage("Voltage rating", "Kiwango cha volteji"),
    diameter(),
    colour(),
  ]),

  "pcb-prototyping-supplies": ordered([
    type([
      "Breadboard",
      "Breadboard power module",
      "Jumper wire kit",
      "Prototype PCB",
      "Stripboard",
      "Perfboard",
      "Copper clad board",
      "Etchant",
      "Drill bits",
      "Standoffs",
      "Enclosure",
      "IC sockets",
      "Tape",
      "Cleaner",
      "Base plate",
      "CNC machine",
      "Reflow oven",
      "UV exposure box",
    ]),
    list("tie_points", "Tie points", "Vituo vya kuchomeka", ["170", "400", "830"]),
    num("pitch", "Pitch", "Nafasi kati ya matundu", "metre"),
    length(),
    num("width", "Width", "Upana", "metre"),
    num("height", "Height", "Kimo", "metre"),
    num("thickness", "Thickness", "Unene", "metre"),
    diameter(),
    material(["FR4", "Phenolic", "ABS", "Aluminium", "Nylon", "Brass", "Acrylic", "Polyimide", "Ferric chloride", "Isopropyl alcohol", "Carbide"]),
    voltage("Voltage", "Volteji"),
    ipRating(),
    colour(),
  ]),

  "tools-test-equipment": ordered([
    type([
      "Soldering iron",
      "Soldering station",
      "Hot air station",
      "Desoldering tool",
      "Solder wire",
      "Flux",
      "Desoldering braid",
      "Soldering tips",
      "Iron stand",
      "Helping hands",
      "Multimeter",
      "Clamp meter",
      "Oscilloscope",
      "Component tester",
      "Bench power supply",
      "Function generator",
      "Logic analyzer",
      "Programmer",
      "Wire stripper",
      "Crimper",
      "Cutter",
      "Pliers",
      "Tweezers",
      "Screwdrivers",
      "Caliper",
      "Thermal camera",
      "Microscope",
      "Spot welder",
    ]),
    power(),
    voltage("Supply voltage", "Volteji ya uendeshaji"),
    tempMin(),
    tempMax(),
    num("max_voltage", "Max. voltage", "Volteji ya juu kabisa", "volt"),
    num("max_current", "Max. current", "Mkondo wa juu kabisa", "ampere"),
    list("counts", "Display counts", "Tarakimu za kipimo (counts)", ["2000", "6000", "9999", "20000", "22000", "55000"]),
    yesNo("true_rms", "True RMS", "True RMS"),
    list("cat_rating", "Safety category", "Daraja la usalama (CAT)", ["CAT II 600V", "CAT III 600V", "CAT III 1000V", "CAT IV 300V", "CAT IV 600V"]),
    num("bandwidth", "Bandwidth", "Upana wa masafa (bandwidth)", "hertz"),
    num("sample_rate", "Sample rate", "Kasi ya sampuli", "hertz"),
    list("channels", "Channels", "Idadi ya chaneli", ["1", "2", "4", "8"]),
    list("alloy", "Alloy", "Aloi ya solder", ["Sn60/Pb40", "Sn63/Pb37", "SAC305"]),
    diameter(),
    weight(),
  ]),

  "3d-printing": ordered([
    type([
      "Filament",
      "FDM printer",
      "Resin printer",
      "Resin",
      "Nozzles",
      "Build plate",
      "Bowden tube",
      "Tool kit",
      "Filament dryer",
      "Bed levelling sensor",
      "Extruder",
      "Wash and cure station",
      "Multi-colour unit",
    ]),
    material(["PLA", "PLA+", "Silk PLA", "Matte PLA", "Carbon fibre PLA", "PETG", "ABS", "ABS+", "ASA", "TPU", "Resin", "Brass", "PEI", "Glass", "PTFE"], KEY),
    diameter("Filament diameter", "Kipenyo cha filamenti", KEY),
    num("nozzle", "Nozzle size", "Ukubwa wa nozeli", "metre"),
    weight(),
    colour(),
    tempMin("Lowest printing temperature", "Joto la chini la kuchapisha"),
    tempMax("Highest temperature", "Joto la juu kabisa"),
    num("build_width", "Build width", "Upana wa kuchapisha", "metre"),
    num("build_depth", "Build depth", "Kina cha kuchapisha", "metre"),
    num("build_height", "Build height", "Kimo cha kuchapisha", "metre"),
    yesNo("enclosed", "Enclosed", "Ina kizimba"),
  ]),

  "robotics-kits": ordered([
    type([
      "Robot car kit",
      "Robot chassis",
      "Robotic arm",
      "Walking robot",
      "Balancing robot",
      "Sumo robot",
      "Line follower kit",
      "Drone kit",
      "Drone",
      "Research robot",
      "Pan-tilt kit",
      "Wheels",
      "Sensor",
      "Lidar",
    ]),
    list("drive", "Drive", "Mfumo wa kusogea", ["2WD", "4WD", "Mecanum", "Tracked", "Legged", "Two-wheel balancing", "Differential", "Quadcopter"]),
    controller(),
    programming(),
    voltage("Supply voltage", "Volteji ya uendeshaji"),
    list("dof", "Degrees of freedom", "Viungo vinavyosogea (DOF)", ["2", "4", "6"]),
    range("Range", "Upeo"),
    yesNo("soldering", "Soldering needed", "Inahitaji soldering"),
  ]),

  "stem-education-kits": ordered([
    type([
      "Starter kit",
      "Sensor kit",
      "Microcontroller board",
      "Computer kit",
      "Robot kit",
      "Snap circuit kit",
      "Building set",
      "Science kit",
      "Soldering kit",
      "DIY electronics kit",
      "Trainer kit",
      "Class pack",
    ]),
    controller(),
    programming(),
    list("age", "Age", "Umri", ["6+", "8+", "10+", "12+", "14+"]),
    yesNo("soldering", "Soldering needed", "Inahitaji soldering"),
  ]),
};

function frequency(nameEn: string, nameSw: string): Draft {
  return num("frequency", nameEn, nameSw, "hertz");
}

/**
 * A product's values as a datasheet writes them ("10k", "0805", "1%", "0.25 W", "3V3", "240MHz",
 * "Wi-Fi"), read with the category's definitions when the catalogue is seeded. Several values
 * for one key (a board with Wi-Fi and Bluetooth, a sensor that runs on 3.3 V and 5 V) are a list.
 */
export type SeedSpecText = string | readonly string[];

/** Values that differ by one of the product's options: the option's name and a value per option value. */
export interface SeedSpecByOption {
  readonly option: string;
  readonly values: Readonly<Record<string, SeedSpecText>>;
}

export type SeedProductSpecs = Readonly<Record<string, SeedSpecText | SeedSpecByOption>>;

/** A category's products' values, by product name. */
export type SeedCategorySpecs = Readonly<Record<string, SeedProductSpecs>>;

/** A spec that follows the option `option` (e.g. the resistance of a "choose value" resistor). */
export const byOption = (option: string, values: Record<string, SeedSpecText>): SeedSpecByOption => ({ option, values });

export const isByOption = (value: SeedSpecText | SeedSpecByOption): value is SeedSpecByOption =>
  typeof value === "object" && !Array.isArray(value) && "option" in value;

/** One product_specs row of a seeded product: `variantSku` names the option it belongs to (null: the whole product). */
export interface SeedSpecRow {
  key: string;
  variantSku: string | null;
  /** a number in the attribute's base unit */
  num: number | null;
  /** a list value as the attribute's options spell it, or "true"/"false" */
  text: string | null;
}

const textOf = (value: number | string | boolean): Pick<SeedSpecRow, "num" | "text"> =>
  typeof value === "number" ? { num: value, text: null } : { num: null, text: String(value) };

/**
 * The rows of one product's specifications, every value read with its category's definition
 * (the same reading as the admin's form and the CSV import). Throws on a key the category does
 * not define, a value that does not read, or an option the product does not have: the demo data
 * is checked whole when it is seeded, and by its unit test.
 */
export function seedSpecRows(
  product: { name: string; variants?: readonly { sku: string; attributes: Record<string, string> }[] },
  defs: readonly SeedSpecAttribute[],
  specs: SeedProductSpecs,
): SeedSpecRow[] {
  const rows: SeedSpecRow[] = [];
  const fail = (key: string, why: string): never => {
    throw new Error(`Seed spec ${key} of "${product.name}": ${why}`);
  };
  const read = (def: SeedSpecAttribute, input: SeedSpecText, variantSku: string | null) => {
    const seen = new Set<string>();
    for (const text of typeof input === "string" ? [input] : input) {
      const parsed = parseSpecValue(def, text);
      if (!parsed.ok) fail(def.key, `"${text}" ${parsed.reason}`);
      const row = { key: def.key, variantSku, ...textOf((parsed as { value: number | string | boolean }).value) };
      const id = `${row.num ?? ""}|${row.text ?? ""}`;
      if (!seen.has(id)) rows.push(row);
      seen.add(id);
    }
  };
  for (const [key, value] of Object.entries(specs)) {
    const def = defs.find((d) => d.key === key) ?? fail(key, "not an attribute of the category");
    if (!isByOption(value)) {
      read(def, value, null);
      continue;
    }
    const variants = (product.variants ?? []).filter((v) => Object.hasOwn(v.attributes, value.option));
    if (!variants.length) fail(key, `the product has no option ${value.option}`);
    for (const optionValue of Object.keys(value.values)) {
      if (!variants.some((v) => v.attributes[value.option] === optionValue)) fail(key, `${value.option} has no value ${optionValue}`);
    }
    for (const variant of variants) {
      const input = value.values[variant.attributes[value.option]!];
      if (input !== undefined) read(def, input, variant.sku);
    }
  }
  return rows;
}
