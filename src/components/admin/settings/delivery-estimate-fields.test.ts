import { describe, expect, it } from "vitest";
import { DEFAULT_DELIVERY_ESTIMATES } from "@/lib/delivery-estimate";
import { checkSiteSettings, DEFAULT_SITE_SETTINGS } from "@/lib/site-settings";
import { textOf, valueOf } from "./fields";

describe("the delivery estimates' inputs", () => {
  it("reads and writes a range of days", () => {
    expect(textOf("range", { min: 1, max: 2 })).toBe("1-2");
    expect(textOf("range", { min: 0, max: 0 })).toBe("0");
    expect(valueOf("range", " 2 - 4 ")).toEqual({ min: 2, max: 4 });
    expect(valueOf("range", "3")).toEqual({ min: 3, max: 3 });
    // not a range: left as text for the settings check to refuse
    expect(valueOf("range", "soon")).toBe("soon");
  });

  it("reads and writes ranges by region", () => {
    expect(textOf("ranges", { kagera: { min: 2, max: 4 }, pwani: { min: 1, max: 1 } })).toBe("kagera = 2-4\npwani = 1");
    expect(valueOf("ranges", "kagera = 2-4\n\n pwani=1 ")).toEqual({ kagera: { min: 2, max: 4 }, pwani: { min: 1, max: 1 } });
  });

  it("reads and writes holidays, ~ marking a date not announced yet", () => {
    const holidays = [
      { date: "2026-12-09", name: { en: "Independence Day", sw: "Siku ya Uhuru" }, approximate: false },
      { date: "2026-03-20", name: { en: "Eid al-Fitr", sw: "Idd el-Fitr" }, approximate: true },
    ];
    const text = textOf("holidays", holidays);
    expect(text).toBe("2026-12-09 = Independence Day / Siku ya Uhuru\n2026-03-20 ~ Eid al-Fitr / Idd el-Fitr");
    expect(valueOf("holidays", text)).toEqual(holidays);
    // one name stands for both languages
    expect(valueOf("holidays", "2027-01-01 = New Year")).toEqual([{ date: "2027-01-01", name: { en: "New Year", sw: "New Year" }, approximate: false }]);
  });

  it("the defaults' text reads back to the defaults, and a bad line is refused by the settings check", () => {
    expect(valueOf("holidays", textOf("holidays", DEFAULT_DELIVERY_ESTIMATES.holidays))).toEqual(DEFAULT_DELIVERY_ESTIMATES.holidays);
    expect(valueOf("ranges", textOf("ranges", DEFAULT_DELIVERY_ESTIMATES.parcel.regions))).toEqual(DEFAULT_DELIVERY_ESTIMATES.parcel.regions);
    const bad = { ...DEFAULT_SITE_SETTINGS.deliveryEstimates, holidays: valueOf("holidays", "9 December = Independence") };
    const checked = checkSiteSettings({ deliveryEstimates: bad });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problems[0]!.path).toBe("deliveryEstimates.holidays.0.date");
  });
});
