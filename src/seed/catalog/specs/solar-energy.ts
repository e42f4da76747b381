import { byOption, type SeedCategorySpecs } from "../spec-attributes";

const PANEL = { type: "Solar panel" } as const;

/**
 * Panels by power and voltage at maximum power (Vmp), `pv_voltage` their open-circuit voltage or
 * a controller's highest panel input; controllers and inverters by their battery voltage.
 */
export const solarEnergySpecs: SeedCategorySpecs = {
  "100W Monocrystalline Solar Panel": { ...PANEL, power: "100W", voltage: "18V", current: "5.5A", pv_voltage: "22V", cell_type: "Monocrystalline" },
  "50W Monocrystalline Solar Panel": { ...PANEL, power: "50W", voltage: "18V", cell_type: "Monocrystalline" },
  "20W Solar Panel 18V": { ...PANEL, power: "20W", voltage: "18V" },
  "6V 2W Mini Solar Panel": { ...PANEL, power: "2W", voltage: "6V", current: "330mA" },
  "JA Solar 550W Mono PERC Half-Cell Solar Panel": { ...PANEL, power: "550W", voltage: "41.9V", cell_type: "Mono PERC" },
  "PWM Solar Charge Controller 30A 12/24V with USB": { type: "PWM charge controller", current: "30A", voltage: ["12V", "24V"] },
  "Victron SmartSolar MPPT 100/30 Charge Controller": { type: "MPPT charge controller", current: "30A", voltage: ["12V", "24V"], pv_voltage: "100V" },
  "EPEVER Tracer 4210AN 40A MPPT Charge Controller": { type: "MPPT charge controller", current: "40A", voltage: ["12V", "24V"], pv_voltage: "100V" },
  "12V 100Ah Deep Cycle Gel Battery": { type: "Battery", chemistry: "Lead-acid gel", voltage: "12V", capacity: "100Ah", energy: "1.2kWh" },
  "12.8V 100Ah LiFePO4 Battery with BMS": { type: "Battery", chemistry: "LiFePO4", voltage: "12.8V", capacity: "100Ah", energy: "1.28kWh", current: "100A" },
  "1000W Pure Sine Wave Inverter 12V to 230V": { type: "Inverter", power: "1000W", voltage: "12V" },
  "Growatt SPF 3500 ES Off-Grid Inverter 3.5kW": { type: "Inverter", power: "3.5kW", voltage: "24V", current: "100A" },
  "MC4 Solar Connector Pair (Pack of 5 Pairs)": {
    type: "Connector",
    current: "30A",
    voltage: "1000V",
    cross_section: ["2.5 mm²", "4 mm²", "6 mm²"],
    ip_rating: "IP67",
  },
  "Solar PV Cable Single Core (Red/Black)": {
    type: "Cable",
    voltage: "1.5kV",
    cross_section: byOption("Size", { "4mm²": "4 mm²", "6mm²": "6 mm²" }),
    length: byOption("Length", { "10m": "10m", "25m": "25m", "100m": "100m" }),
  },
  "100W All-in-One Solar Street Light with Remote": { type: "Street light", power: "100W" },
  "Solar Home Lighting Kit (3 Bulbs + Phone Charging)": { type: "Lighting kit", power: "10W" },
  "DC Circuit Breaker 2P 63A 500V for Solar": { type: "Circuit breaker", current: "63A", voltage: "500V" },
  "DC Surge Protector SPD 500V 2P": { type: "Surge protector", voltage: "500V" },
  "Battery Cable 25mm² with Lugs (1m Pair)": { type: "Cable", cross_section: "25 mm²", length: "1m" },
  "12V Battery Capacity Indicator Meter": { type: "Battery monitor", voltage: "12V" },
  "12V DC Solar Surface Water Pump 80W": { type: "Solar pump", voltage: "12V", power: "80W" },
  "PZEM-004T v3 Energy Meter Module (100A CT)": { type: "Energy meter", current: "100A" },
  "Z-Type Solar Panel Mounting Bracket (Set of 4)": { type: "Mounting" },
  "200W Monocrystalline Solar Panel": { ...PANEL, power: "200W", voltage: "20V", current: "10A", cell_type: "Monocrystalline" },
  "300W Monocrystalline Solar Panel (24V)": { ...PANEL, power: "300W", voltage: "32V", current: "9.4A", cell_type: "Monocrystalline" },
  "Deye SUN-5K-SG03LP1-EU 5kW Hybrid Inverter": { type: "Hybrid inverter", power: "5kW", voltage: "48V" },
  "Victron MultiPlus 12/1600/70 Inverter/Charger": { type: "Inverter/charger", voltage: "12V", current: "70A" },
  "Victron SmartShunt 500A Battery Monitor": { type: "Battery monitor", current: "500A", voltage: ["12V", "48V"] },
  "51.2V 100Ah LiFePO4 Rack Battery (5.12kWh)": {
    type: "Battery",
    chemistry: "LiFePO4",
    voltage: "51.2V",
    capacity: "100Ah",
    energy: "5.12kWh",
    current: "100A",
  },
  "12V 200Ah Deep Cycle Gel Battery": { type: "Battery", chemistry: "Lead-acid gel", voltage: "12V", capacity: "200Ah", energy: "2.4kWh" },
  "Solar DC Submersible Borehole Pump 48V 750W": { type: "Solar pump", voltage: "48V", power: "750W" },
};
