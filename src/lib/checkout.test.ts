import { describe, expect, it } from "vitest";
import { deliveryOptions, formatOrderNumber, offeredPaymentMethods, orderTotals, shopClock, splitVat, vatRateBp } from "./checkout";
import { DEFAULT_SITE_SETTINGS } from "./site-settings";

const settings = DEFAULT_SITE_SETTINGS;
const line = (freeDelivery = false, sameDayDelivery = false) => ({ freeDelivery, sameDayDelivery });
// 10:00 and 16:00 in Dar es Salaam (UTC+3)
const morning = new Date("2026-11-24T07:00:00Z");
const afternoon = new Date("2026-11-24T13:00:00Z");
const option = (options: ReturnType<typeof deliveryOptions>, method: string) => options.find((o) => o.method === method)!;

describe("splitVat", () => {
  it("splits a VAT-inclusive amount into whole-shilling net and VAT that add up", () => {
    expect(splitVat(11800, 1800)).toEqual({ net: 10000, vat: 1800 });
    expect(splitVat(11500, 1500)).toEqual({ net: 10000, vat: 1500 });
    expect(splitVat(0, 1800)).toEqual({ net: 0, vat: 0 });
    for (const gross of [1, 999, 4999, 123457, 9_999_999]) {
      const { net, vat } = splitVat(gross, 1800);
      expect(net + vat).toBe(gross);
      expect(Number.isInteger(net) && Number.isInteger(vat)).toBe(true);
    }
  });
});

describe("orderTotals", () => {
  it("takes the destination's rate: 18 % on the Mainland, 15 % in Zanzibar, Mainland for pick-up", () => {
    expect(orderTotals([{ unitPrice: 11800, quantity: 2 }], 5900, "dar-es-salaam", settings.vatRates)).toMatchObject({
      zone: "mainland",
      rateBp: 1800,
      subtotal: 23600,
      deliveryVat: 900,
      vatTotal: 3600 + 900,
      total: 29500,
    });
    expect(orderTotals([{ unitPrice: 11500, quantity: 1 }], 0, "pemba-south", settings.vatRates)).toMatchObject({
      zone: "zanzibar",
      rateBp: 1500,
      vatTotal: 1500,
    });
    expect(orderTotals([{ unitPrice: 100, quantity: 1 }], 0, null, settings.vatRates).zone).toBe("mainland");
    expect(vatRateBp({ mainland: 16.5, zanzibar: 15 }, "mainland")).toBe(1650);
  });
});

describe("deliveryOptions", () => {
  it("offers the courier in Dar es Salaam at the settings' cost, free when every line is free-delivery", () => {
    expect(option(deliveryOptions([line(), line(true)], "dar-es-salaam", morning, settings), "courier")).toMatchObject({ fee: 5000, available: true });
    expect(option(deliveryOptions([line(true), line(true)], "dar-es-salaam", morning, settings), "courier")).toMatchObject({ fee: 0, available: true });
    expect(option(deliveryOptions([line()], "mwanza", morning, settings), "courier")).toMatchObject({ available: false, unavailable: "outside-courier-area" });
  });

  it("offers same day only when every line allows it, before the cut-off, in the courier area", () => {
    expect(option(deliveryOptions([line(false, true)], "dar-es-salaam", morning, settings), "same_day")).toMatchObject({ available: true, fee: 10000 });
    expect(option(deliveryOptions([line(false, true)], "dar-es-salaam", afternoon, settings), "same_day").unavailable).toBe("after-cutoff");
    expect(option(deliveryOptions([line(false, true), line()], "dar-es-salaam", morning, settings), "same_day").unavailable).toBe("not-every-line");
    expect(option(deliveryOptions([line(false, true)], "arusha", morning, settings), "same_day").unavailable).toBe("outside-courier-area");
  });

  it("sends upcountry orders as bus parcels at the region's fee, else the default; pick-up is free", () => {
    const options = deliveryOptions([line()], "morogoro", morning, settings);
    expect(option(options, "parcel")).toMatchObject({
      available: true,
      fee: 8000,
      departure: { en: "Magufuli Bus Terminal, Mbezi", sw: "Kituo cha Mabasi cha Magufuli, Mbezi" },
    });
    expect(option(deliveryOptions([line()], "kagera", morning, settings), "parcel").fee).toBe(12000);
    expect(option(deliveryOptions([line()], "dar-es-salaam", morning, settings), "parcel").unavailable).toBe("inside-courier-area");
    expect(option(options, "pickup")).toMatchObject({ fee: 0, available: true });
  });

  it("needs a region before anything but pick-up", () => {
    const options = deliveryOptions([line()], null, morning, settings);
    expect(options.filter((o) => o.available).map((o) => o.method)).toEqual(["pickup"]);
    expect(option(options, "courier").unavailable).toBe("region-required");
  });
});

describe("shopClock", () => {
  it("reads the time in the shop's zone", () => {
    expect(shopClock(morning, "Africa/Dar_es_Salaam")).toBe("10:00");
    expect(shopClock(new Date("2026-11-24T21:30:00Z"), "Africa/Dar_es_Salaam")).toBe("00:30");
  });
});

describe("order numbers and payment methods", () => {
  it("formats KE-YEAR-000123", () => {
    expect(formatOrderNumber(123, 2026)).toBe("KE-2026-000123");
    expect(formatOrderNumber(1234567, 2027)).toBe("KE-2027-1234567");
  });

  it("offers bank transfer only with an account to pay into, card only when a provider takes cards, pay on delivery by its own setting", () => {
    expect(offeredPaymentMethods(settings, false)).toEqual(["mobile_money", "on_delivery"]);
    expect(offeredPaymentMethods({ ...settings, payOnDelivery: { ...settings.payOnDelivery, enabled: false } }, false)).toEqual(["mobile_money"]);
    const withBank = { ...settings, bankTransfer: { ...settings.bankTransfer, accountNumber: "0150123456789" } };
    expect(offeredPaymentMethods(withBank, true)).toEqual(["mobile_money", "card", "bank_transfer", "on_delivery"]);
    expect(offeredPaymentMethods({ ...withBank, paymentSettings: { ...settings.paymentSettings, methods: ["bank_transfer"] } }, true)).toEqual([
      "bank_transfer",
      "on_delivery",
    ]);
  });
});
