import path from "node:path";

export const SEED_AD_ASSETS_DIR = process.env.ASSETS_DIR ? path.join(process.env.ASSETS_DIR, "ads") : path.join(process.cwd(), "assets/ads");

type Banner = { title: string; subtitle: string; accent: string; motif: string };

export type SeedAd =
  | { kind: "banner"; slug: string; title: string; banner: Banner; linkUrl: string | null; sortOrder: number }
  | { kind: "video"; slug: string; title: string; videoFile: string; posterFile: string; linkUrl: string | null; sortOrder: number };

/** The demo shop's banners: three rendered images and one short video. */
export const SEED_ADVERTISEMENTS: SeedAd[] = [
  {
    kind: "banner",
    slug: "dev-boards",
    title: "Arduino, ESP32 and Raspberry Pi in stock in Dar es Salaam",
    banner: {
      title: "Development boards in stock",
      subtitle: "Arduino · ESP32 · Raspberry Pi — same-day delivery in Dar es Salaam",
      accent: "#0f766e",
      motif: "boards",
    },
    linkUrl: "/products?category=microcontrollers-development-boards",
    sortOrder: 1,
  },
  {
    kind: "video",
    slug: "pcb-printing",
    title: "PCB printing in Dar es Salaam",
    videoFile: "pcb-printing.webm",
    posterFile: "pcb-printing-poster.webp",
    linkUrl: "/services/pcb",
    sortOrder: 2,
  },
  {
    kind: "banner",
    slug: "solar",
    title: "Solar panels, charge controllers and batteries",
    banner: { title: "Power your project with the sun", subtitle: "Solar panels, charge controllers and lithium batteries", accent: "#b45309", motif: "solar" },
    linkUrl: "/products?category=solar-energy",
    sortOrder: 3,
  },
  {
    kind: "banner",
    slug: "tools",
    title: "Soldering stations and multimeters for every workbench",
    banner: {
      title: "Tools for every workbench",
      subtitle: "Soldering stations, multimeters and hand tools from trusted brands",
      accent: "#1d4ed8",
      motif: "tools",
    },
    linkUrl: null,
    sortOrder: 4,
  },
];
