/** Every demo product's specifications, by category slug and product name (src/seed/catalog/*.ts). */
import type { SeedCategorySpecs } from "../spec-attributes";
import { printing3dSpecs } from "./3d-printing";
import { cablesConnectorsSpecs } from "./cables-connectors";
import { displaysSpecs } from "./displays";
import { iotNetworkingModulesSpecs } from "./iot-networking-modules";
import { microcontrollersDevelopmentBoardsSpecs } from "./microcontrollers-development-boards";
import { motorsDriversSpecs } from "./motors-drivers";
import { passiveComponentsSpecs } from "./passive-components";
import { pcbPrototypingSuppliesSpecs } from "./pcb-prototyping-supplies";
import { powerBatteriesSpecs } from "./power-batteries";
import { roboticsKitsSpecs } from "./robotics-kits";
import { semiconductorsLedsSpecs } from "./semiconductors-leds";
import { sensorsModulesSpecs } from "./sensors-modules";
import { solarEnergySpecs } from "./solar-energy";
import { stemEducationKitsSpecs } from "./stem-education-kits";
import { toolsTestEquipmentSpecs } from "./tools-test-equipment";

export const SEED_PRODUCT_SPECS: Record<string, SeedCategorySpecs> = {
  "microcontrollers-development-boards": microcontrollersDevelopmentBoardsSpecs,
  "sensors-modules": sensorsModulesSpecs,
  "iot-networking-modules": iotNetworkingModulesSpecs,
  displays: displaysSpecs,
  "motors-drivers": motorsDriversSpecs,
  "semiconductors-leds": semiconductorsLedsSpecs,
  "passive-components": passiveComponentsSpecs,
  "power-batteries": powerBatteriesSpecs,
  "solar-energy": solarEnergySpecs,
  "cables-connectors": cablesConnectorsSpecs,
  "pcb-prototyping-supplies": pcbPrototypingSuppliesSpecs,
  "tools-test-equipment": toolsTestEquipmentSpecs,
  "3d-printing": printing3dSpecs,
  "robotics-kits": roboticsKitsSpecs,
  "stem-education-kits": stemEducationKitsSpecs,
};
