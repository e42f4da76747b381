import { describe, expect, it } from "vitest";
import { firstDayChecklist, firstDayOpen, type FirstDayFacts, type FirstDayItem } from "./first-day";
import { DEFAULT_SITE_SETTINGS } from "./site-settings";

const empty: FirstDayFacts = {
  settings: { ...DEFAULT_SITE_SETTINGS },
  categories: { total: 0, withoutAttributes: [] },
  catalogue: { onSale: 0, withoutPicture: 0 },
  paymentProvider: "sandbox",
  smsProvider: "sandbox",
};

const item = <I extends FirstDayItem["id"]>(facts: FirstDayFacts, id: I) =>
  firstDayChecklist(facts).items.find((i) => i.id === id) as Extract<FirstDayItem, { id: I }>;

describe("firstDayChecklist", () => {
  it("finds everything missing in an empty shop with the demo's settings", () => {
    const list = firstDayChecklist(empty);
    expect(list.done).toBe(0);
    expect(list.total).toBe(6);
    expect(list.items.map((i) => [i.id, i.done])).toEqual([
      ["shopDetails", false],
      ["taxNumbers", false],
      ["categories", false],
      ["catalogue", false],
      ["payments", false],
      ["sms", false],
    ]);
    expect(item(empty, "shopDetails").missing).toEqual(["companyName", "contactEmail", "contactPhone", "address"]);
    expect(item(empty, "catalogue").href).toBe("/admin/products/new");
    for (const i of list.items) expect(i.reason.length).toBeGreaterThan(5);
  });

  it("counts the shop's own details and tax numbers as set", () => {
    const settings = {
      ...DEFAULT_SITE_SETTINGS,
      companyName: "Mwanga Parts",
      contactEmail: "duka@mwanga.co.tz",
      contactPhone: "+255 713 000 111",
      address: { en: "Mwenge, Dar es Salaam", sw: "" },
      fiscal: { tin: "123-456-789", vrn: "", vfdSerial: "" },
    };
    const facts = { ...empty, settings };
    expect(item(facts, "shopDetails")).toMatchObject({ done: true, missing: [] });
    expect(item(facts, "taxNumbers")).toMatchObject({ done: false, missing: ["vrn"] });
  });

  it("wants categories, each with attributes, and products on sale, each with a picture", () => {
    const facts: FirstDayFacts = {
      ...empty,
      categories: { total: 5, withoutAttributes: ["Tools", "Kits", "Solar", "Robots"] },
      catalogue: { onSale: 12, withoutPicture: 3 },
    };
    expect(item(facts, "categories")).toMatchObject({ done: false, withoutAttributes: 4, examples: ["Tools", "Kits", "Solar"] });
    expect(item(facts, "categories").reason).toContain("4 categories without attributes");
    expect(item(facts, "catalogue")).toMatchObject({ done: false, withoutPicture: 3, href: "/admin/products" });
    const ready: FirstDayFacts = { ...empty, categories: { total: 5, withoutAttributes: [] }, catalogue: { onSale: 12, withoutPicture: 0 } };
    expect(item(ready, "categories").done).toBe(true);
    expect(item(ready, "catalogue").done).toBe(true);
  });

  it("counts the payment sandbox as not live, and the SMS sender as missing until Africa's Talking is configured", () => {
    expect(item(empty, "payments").done).toBe(false);
    expect(item({ ...empty, paymentProvider: "clickpesa" }, "payments").done).toBe(true);
    const sandbox = item({ ...empty, paymentProvider: "clickpesa" }, "sms");
    expect(sandbox).toMatchObject({ done: false, provider: "sandbox", href: "/admin/settings?tab=notifications" });
    // the reason says what to do: register a sender ID, set the keys, and where the README explains it
    expect(sandbox.reason).toMatch(/sender ID with Africa's Talking/);
    expect(sandbox.reason).toMatch(/AT_USERNAME, AT_API_KEY and AT_SENDER_ID/);
    expect(sandbox.reason).toMatch(/README: SMS via Africa's Talking/);
    expect(item({ ...empty, smsProvider: "africastalking" }, "sms")).toMatchObject({ done: true, provider: "africastalking" });
  });

  it("opens while something is missing, stays closed once closed, and opens again when something else goes missing", () => {
    const list = firstDayChecklist(empty);
    expect(firstDayOpen(list, undefined)).toBe(true);
    const closedWith = list.items.map((i) => i.id).join(".");
    expect(firstDayOpen(list, closedWith)).toBe(false);
    expect(firstDayOpen(list, "sms.payments")).toBe(true);
    const done = { ...list, items: list.items.map((i) => ({ ...i, done: true })) };
    expect(firstDayOpen(done, undefined)).toBe(false);
  });
});
