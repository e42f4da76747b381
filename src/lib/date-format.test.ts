import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createFormatter } from "use-intl/core";
import { DATE_FORMATS, shopDateFormat } from "./date-format";
import { SHOP_TIME_ZONE } from "./locale";

// 11:05 UTC is 14:05 in Dar es Salaam
const afternoon = new Date("2026-11-23T11:05:09Z");

describe("the shop's date formats", () => {
  it.each(["en", "sw"] as const)("show the 24-hour clock in Tanzania's time in %s, through use-intl as the pages format", (locale) => {
    const format = createFormatter({ locale, timeZone: SHOP_TIME_ZONE });
    for (const name of ["dateTime", "longDateTime", "stamp", "time"] as const) {
      const text = format.dateTime(afternoon, DATE_FORMATS[name]);
      expect(text).toContain("14:05");
      expect(text).not.toMatch(/\b(AM|PM|am|pm)\b|\u202f?[AP]M/);
    }
    expect(format.dateTime(afternoon, DATE_FORMATS.stamp)).toContain("14:05:09");
  });

  it("formats outside use-intl day first, 24-hour, in Tanzania's time", () => {
    expect(shopDateFormat("en", "stamp").format(afternoon)).toBe("23 Nov 2026, 14:05:09");
    expect(shopDateFormat("en", "dateTime").format(afternoon)).toBe("23 Nov 2026, 14:05");
    expect(shopDateFormat("sw", "time").format(afternoon)).toBe("14:05");
    expect(shopDateFormat("en", "time").format(new Date("2026-11-23T21:30:00Z"))).toBe("00:30");
  });

  it("are the only way pages and components format a time (no language default clock, no browser locale)", () => {
    const root = path.resolve(import.meta.dirname, "..");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts")) {
          const text = fs.readFileSync(full, "utf8");
          if (/timeStyle\s*:|\.toLocaleTimeString\(|\.toLocaleString\(\s*\)|new Date\([^)]*\)\.toLocaleString\(/.test(text))
            offenders.push(path.relative(root, full));
        }
      }
    };
    for (const dir of ["components", "app"]) walk(path.join(root, dir));
    expect(offenders).toEqual([]);
  });
});
