/**
 * Demo catalogue of a Dar es Salaam electronics shop: categories, products and variants.
 *
 * Each category lives in its own file as a table of rows (name, brand, price, image label, spec
 * text and optional variant definition); `buildSeedProducts()` turns the rows into SeedProducts and
 * fills in the shop statistics (discounts, stock, sales, listing age) from a seeded PRNG,
 * so every call returns exactly the same catalogue.
 *
 * Prices are whole Tanzanian shillings (1 USD ≈ 2,500 TZS), rounded to 500 (to 1,000 from 100,000 up).
 */
import type { SeedCategory, SeedProduct } from "../types";
import { buildProduct } from "./build";
import type { CatalogCategory } from "./rows";
import { microcontrollersDevelopmentBoards } from "./microcontrollers-development-boards";
import { sensorsModules } from "./sensors-modules";
import { iotNetworkingModules } from "./iot-networking-modules";
import { displays } from "./displays";
import { motorsDrivers } from "./motors-drivers";
import { semiconductorsLeds } from "./semiconductors-leds";
import { passiveComponents } from "./passive-components";
import { powerBatteries } from "./power-batteries";
import { solarEnergy } from "./solar-energy";
import { cablesConnectors } from "./cables-connectors";
import { pcbPrototypingSupplies } from "./pcb-prototyping-supplies";
import { toolsTestEquipment } from "./tools-test-equipment";
import { printing3d } from "./3d-printing";
import { roboticsKits } from "./robotics-kits";
import { stemEducationKits } from "./stem-education-kits";

/** The categories in display order. */
const CATALOG: readonly CatalogCategory[] = [
  microcontrollersDevelopmentBoards,
  sensorsModules,
  iotNetworkingModules,
  displays,
  motorsDrivers,
  semiconductorsLeds,
  passiveComponents,
  powerBatteries,
  solarEnergy,
  cablesConnectors,
  pcbPrototypingSupplies,
  toolsTestEquipment,
  printing3d,
  roboticsKits,
  stemEducationKits,
];

export const SEED_CATEGORIES: SeedCategory[] = CATALOG.map(({ name, nameSw, slug, description }) => ({ name, nameSw, slug, description }));

/** The full demo catalogue, in category display order; identical on every call. */
export function buildSeedProducts(): SeedProduct[] {
  const products: SeedProduct[] = [];
  for (const category of CATALOG) {
    category.rows.forEach((row, i) => {
      const sku = `KE-${category.code}-${String(i + 1).padStart(4, "0")}`;
      products.push(buildProduct(row, category.slug, sku));
    });
  }
  return products;
}
