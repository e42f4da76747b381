ALTER TABLE "categories" ADD COLUMN "name_sw" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_known" CHECK ("users"."locale" in ('sw', 'en'));--> statement-breakpoint
-- Kiswahili names for the categories of the demo catalogue, where a shop still has them
UPDATE "categories" SET "name_sw" = CASE "slug"
  WHEN '3d-printing' THEN 'Uchapishaji wa 3D'
  WHEN 'cables-connectors' THEN 'Nyaya na Viunganishi'
  WHEN 'displays' THEN 'Skrini na Vionyeshi'
  WHEN 'iot-networking-modules' THEN 'Moduli za IoT na Mitandao'
  WHEN 'microcontrollers-development-boards' THEN 'Mikrokontrola na Bodi za Uundaji'
  WHEN 'motors-drivers' THEN 'Mota na Viendeshi'
  WHEN 'passive-components' THEN 'Vipuri Tuli (Resista, Kapasita)'
  WHEN 'pcb-prototyping-supplies' THEN 'Vifaa vya PCB na Prototaipu'
  WHEN 'power-batteries' THEN 'Umeme na Betri'
  WHEN 'robotics-kits' THEN 'Seti za Roboti'
  WHEN 'semiconductors-leds' THEN 'Semikondakta na Taa za LED'
  WHEN 'sensors-modules' THEN 'Vihisi na Moduli'
  WHEN 'solar-energy' THEN 'Nishati ya Jua'
  WHEN 'stem-education-kits' THEN 'Seti za Elimu ya STEM'
  WHEN 'tools-test-equipment' THEN 'Zana na Vifaa vya Kupimia'
END WHERE "name_sw" IS NULL AND "slug" IN ('3d-printing', 'cables-connectors', 'displays', 'iot-networking-modules', 'microcontrollers-development-boards', 'motors-drivers', 'passive-components', 'pcb-prototyping-supplies', 'power-batteries', 'robotics-kits', 'semiconductors-leds', 'sensors-modules', 'solar-energy', 'stem-education-kits', 'tools-test-equipment');