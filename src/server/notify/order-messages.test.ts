import { describe, expect, it } from "vitest";
import { DELIVERY_METHODS, PAYMENT_METHODS } from "@/lib/checkout";
import { LOCALES } from "@/lib/locale";
import { fitsOneSms, smsLength } from "@/lib/sms/encoding";
import { textIn, DEFAULT_SITE_SETTINGS } from "@/lib/site-settings";
import { ORDER_MAIL_KINDS } from "../documents/order-mail";
import { translator } from "../i18n";
import { orderSmsText, type OrderSmsInput } from "./order-messages";

/** Values as long as a real shop's get: a long order number, an eight-digit total, a long domain, a chatty carrier and bus office. */
const NUMBER = "KE-2026-1234567";
const LONG: Omit<OrderSmsInput, "kind" | "locale" | "paymentMethod" | "deliveryMethod" | "test" | "shopAddress"> = {
  number: NUMBER,
  total: 12_345_678,
  carrier: "Dar Express Couriers and Logistics Ltd",
  trackingNumber: "DXC-2026-99887766",
  parcelOffice: "Magufuli Bus Terminal (Mbezi), Shabiby Line parcel office",
  paid: true,
  reason: "payment",
  link: `https://kilima-electronics.co.tz/account/orders/${NUMBER}`,
};

const cases = LOCALES.flatMap((locale) =>
  ORDER_MAIL_KINDS.flatMap((kind) =>
    PAYMENT_METHODS.flatMap((paymentMethod) =>
      DELIVERY_METHODS.flatMap((deliveryMethod) =>
        [false, true].map((test) => ({ locale, kind, paymentMethod, deliveryMethod, test }) satisfies Partial<OrderSmsInput>),
      ),
    ),
  ),
);

describe("order SMS texts", () => {
  it.each(cases)("fits one SMS: $kind in $locale, $paymentMethod, $deliveryMethod, test $test", (input) => {
    const text = orderSmsText({ ...LONG, ...input, shopAddress: textIn(DEFAULT_SITE_SETTINGS.address, input.locale) });
    expect(fitsOneSms(text), `${text} (${JSON.stringify(smsLength(text))})`).toBe(true);
    expect(smsLength(text).encoding).toBe("gsm7");
    expect(text).toContain(NUMBER);
    expect(text).toContain(LONG.link);
    if (input.test && !(input.kind === "order-placed" && input.paymentMethod === "bank_transfer")) expect(text).toContain("TEST");
  });

  it("carries the total where the shopper pays, and how to pay", () => {
    const placed = orderSmsText({
      ...LONG,
      kind: "order-placed",
      locale: "sw",
      paymentMethod: "mobile_money",
      deliveryMethod: "courier",
      test: false,
      shopAddress: "",
    });
    expect(placed).toContain("TSh 12,345,678");
    expect(placed).toContain("PIN");
    const bank = orderSmsText({
      ...LONG,
      kind: "order-placed",
      locale: "en",
      paymentMethod: "bank_transfer",
      deliveryMethod: "pickup",
      test: false,
      shopAddress: "",
    });
    expect(bank).toContain(`reference ${NUMBER}`);
  });

  it("says where to collect: the shop's address, the bus office and its code, when they fit", () => {
    const pickup = orderSmsText({
      ...LONG,
      kind: "order-shipped",
      locale: "en",
      paymentMethod: "card",
      deliveryMethod: "pickup",
      test: false,
      shopAddress: "Kariakoo, Msimbazi Street",
    });
    expect(pickup).toContain("Kariakoo, Msimbazi Street");
    const parcel = orderSmsText({
      ...LONG,
      parcelOffice: "Mbezi, Shabiby",
      kind: "order-shipped",
      locale: "sw",
      paymentMethod: "card",
      deliveryMethod: "parcel",
      test: false,
      shopAddress: "",
    });
    expect(parcel).toContain("Mbezi, Shabiby");
    expect(parcel).toContain(LONG.trackingNumber!);
  });

  it.each(LOCALES)("has a safety notice in %s that fits one SMS in GSM-7", (locale) => {
    const notice = translator(locale, "sms")("safetyNotice");
    expect(fitsOneSms(notice)).toBe(true);
    expect(smsLength(notice).encoding).toBe("gsm7");
  });
});
