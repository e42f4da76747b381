import { describe, expect, it } from "vitest";
import { findRegion, REGIONS, regionName, vatZoneOf } from "./tanzania-regions";

describe("Tanzania's regions", () => {
  it("has the 31 regions: 26 on the Mainland and 5 in Zanzibar, each with districts and a unique code", () => {
    expect(REGIONS).toHaveLength(31);
    expect(REGIONS.filter((r) => r.zone === "mainland")).toHaveLength(26);
    expect(REGIONS.filter((r) => r.zone === "zanzibar")).toHaveLength(5);
    expect(new Set(REGIONS.map((r) => r.code)).size).toBe(31);
    for (const r of REGIONS) expect(r.districts.length).toBeGreaterThan(0);
  });

  it("names regions in either language and knows their VAT zone", () => {
    expect(regionName("urban-west", "sw")).toBe("Mjini Magharibi");
    expect(regionName("urban-west", "en")).toBe("Urban West");
    expect(findRegion("dar-es-salaam")?.districts).toContain("Kigamboni");
    expect(vatZoneOf("pemba-north")).toBe("zanzibar");
    expect(vatZoneOf("arusha")).toBe("mainland");
    expect(vatZoneOf(null)).toBe("mainland");
  });
});
