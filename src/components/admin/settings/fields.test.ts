import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS, SITE_SETTING_KEYS } from "@/lib/site-settings";
import { textOf, valueAt, valueOf, withValueAt } from "./fields";
import { SETTINGS_TABS, tabKeys } from "./tabs";

describe("settings form fields", () => {
  it("edit every setting the issue names, each top-level setting in one tab only", () => {
    const all = SETTINGS_TABS.flatMap((tab) => tabKeys(tab.fields));
    expect(new Set(all).size).toBe(all.length);
    // the test clock is set by tests on a test server (SHOP_TEST_CLOCK=1), never on this screen
    expect([...all].sort()).toEqual(SITE_SETTING_KEYS.filter((key) => key !== "testClock").sort());
    for (const tab of SETTINGS_TABS) for (const field of tab.fields) expect(valueAt(DEFAULT_SITE_SETTINGS, field.path), field.path).not.toBeUndefined();
  });

  it("reads and replaces values by path without touching the rest", () => {
    const changed = withValueAt(DEFAULT_SITE_SETTINGS, "delivery.sameDay.fee", 1);
    expect(changed.delivery.sameDay).toEqual({ ...DEFAULT_SITE_SETTINGS.delivery.sameDay, fee: 1 });
    expect(changed.delivery.parcel).toBe(DEFAULT_SITE_SETTINGS.delivery.parcel);
    expect(DEFAULT_SITE_SETTINGS.delivery.sameDay.fee).toBe(10_000);
  });

  it("turns input text into values and back", () => {
    expect(valueOf("int", " 42 ")).toBe(42);
    expect(valueOf("int", "4x")).toBe("4x");
    expect(valueOf("decimal", "16,5")).toBe(16.5);
    expect(valueOf("lines", "a\n\n b \n")).toEqual(["a", "b"]);
    expect(valueOf("pairs", "pwani = 8000\nmorogoro=9000")).toEqual({ pwani: 8000, morogoro: 9000 });
    expect(textOf("pairs", { pwani: 8000 })).toBe("pwani = 8000");
    expect(textOf("lines", ["a", "b"])).toBe("a\nb");
    expect(valueOf("tiers", "10 = 5\n 50=7.5 \n\n100 = x")).toEqual([
      { minQuantity: 10, percentOff: 5 },
      { minQuantity: 50, percentOff: 7.5 },
      { minQuantity: 100, percentOff: "x" },
    ]);
    expect(textOf("tiers", [{ minQuantity: 10, percentOff: 5 }])).toBe("10 = 5");
    expect(valueOf("pairs", "0.8 = 110\nenig=135")).toEqual({ "0.8": 110, enig: 135 });
  });
});
