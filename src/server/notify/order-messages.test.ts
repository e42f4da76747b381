import { describe, expect, it } from "vitest";
import { DELIVERY_METHODS, PAYMENT_METHODS } from "@/lib/checkout";
import { LOCALES } from "@/lib/locale";
import { fitsOneSms, smsLength } from "@/lib/sms/encoding";
import { textIn, DEFAULT_SITE_SETTINGS } from "@/lib/site-settings";
import { translator } from "../i18n";
import { openingHoursText, orderSmsText, ORDER_SMS_KINDS, type OrderSmsInput } from "./order-messages";

/**
 * Values as long as a real shop's get: a long order number, an eight-digit total, a long domain
 * with a signed link for an order id in the billions, a chatty carrier and bus office, the longest
 * wallet name the settings offer by default, and the shop's own address and hours.
 */
const NUMBER = "KE-2026-1234567";
const LINK = "https://kilima-electronics.co.tz/o/zzzzzz-AbCdEfGhIjK";
const LONG: Omit<OrderSmsInput, "kind" | "locale" | "paymentMethod" | "deliveryMethod" | "test" | "shopAddress"> = {
  number: NUMBER,
  total: 12_345_678,
  carrier: "Dar Express Couriers and Logistics Ltd",
  trackingNumber: "DXC-2026-99887766",
  parcelOffice: "Magufuli Bus Terminal (Mbezi), Shabiby Line parcel office",
  paid: true,
  reason: "payment",
  wallet: "Airtel Money",
  link: LINK,
};

const withShop = (input: Pick<OrderSmsInput, "locale"> & Partial<OrderSmsInput>) => ({
  ...LONG,
  shopAddress: textIn(DEFAULT_SITE_SETTINGS.address, input.locale),
  hours: openingHoursText(DEFAULT_SITE_SETTINGS.businessHours, input.locale),
  kind: "order-placed" as const,
  paymentMethod: "mobile_money" as const,
  deliveryMethod: "courier" as const,
  test: false,
  ...input,
});

const cases = LOCALES.flatMap((locale) =>
  ORDER_SMS_KINDS.flatMap((kind) =>
    PAYMENT_METHODS.flatMap((paymentMethod) =>
      DELIVERY_METHODS.flatMap((deliveryMethod) =>
        [false, true].flatMap((test) =>
          [false, true].map((promptExpired) => ({ locale, kind, paymentMethod, deliveryMethod, test, promptExpired }) satisfies Partial<OrderSmsInput>),
        ),
      ),
    ),
  ),
);

describe("order SMS texts", () => {
  it.each(cases)("fits one SMS: $kind in $locale, $paymentMethod, $deliveryMethod, test $test, prompt expired $promptExpired", (input) => {
    const text = orderSmsText(withShop(input));
    expect(fitsOneSms(text), `${text} (${JSON.stringify(smsLength(text))})`).toBe(true);
    expect(smsLength(text).encoding).toBe("gsm7");
    expect(text).toContain(NUMBER);
    // only a bus parcel's office and code, and a prompt's amount, may take the link's place
    if (!text.includes(LINK)) {
      expect(input.kind === "order-shipped" || input.kind === "payment-prompt", text).toBe(true);
      if (input.kind === "order-shipped") expect(text).toContain(LONG.parcelOffice!);
    }
    // a bank transfer and pay on delivery never go through the payment sandbox: their placed text is never a test
    if (input.test && !(input.kind === "order-placed" && (input.paymentMethod === "bank_transfer" || input.paymentMethod === "on_delivery")))
      expect(text).toContain("TEST");
  });

  it("carries the total where the shopper pays, and how to pay", () => {
    const placed = orderSmsText(withShop({ kind: "order-placed", locale: "sw", shopAddress: "" }));
    expect(placed).toContain("TSh 12,345,678");
    expect(placed).toContain("PIN");
    const bank = orderSmsText(withShop({ kind: "order-placed", locale: "en", paymentMethod: "bank_transfer", deliveryMethod: "pickup" }));
    expect(bank).toContain(`reference ${NUMBER}`);
  });

  it.each(LOCALES)("a payment prompt says the amount, the order, the wallet and to enter the PIN (%s)", (locale) => {
    const prompt = orderSmsText(withShop({ kind: "payment-prompt", locale }));
    expect(prompt).toContain("TSh 12,345,678");
    expect(prompt).toContain("PIN");
    expect(prompt).toContain("Airtel Money");
    // in the sandbox there is no real prompt: the text says where the test one is
    expect(orderSmsText(withShop({ kind: "payment-prompt", locale, test: true }))).toMatch(/^TEST: /);
  });

  it("a failed payment says how much, whether the prompt timed out, and where to pay again", () => {
    expect(orderSmsText(withShop({ kind: "payment-failed", locale: "en" }))).toBe(
      `The payment of TSh 12,345,678 for order ${NUMBER} did not go through. Pay again: ${LINK}`,
    );
    expect(orderSmsText(withShop({ kind: "payment-failed", locale: "sw", promptExpired: true }))).toBe(
      `Muda wa ombi la malipo ya oda ${NUMBER} (TSh 12,345,678) umeisha kabla PIN haijawekwa. Lipa tena: ${LINK}`,
    );
  });

  it("an order whose time to pay ran out says so, with its total", () => {
    expect(orderSmsText(withShop({ kind: "payment-expired", locale: "sw" }))).toBe(
      `Oda ${NUMBER} (TSh 12,345,678) haikulipwa kwa wakati, imeghairiwa. ${LINK}`,
    );
  });

  it("says where to collect: the shop's address (and hours when they fit), the bus company, office and code", () => {
    const short = orderSmsText(
      withShop({ kind: "order-ready", locale: "en", deliveryMethod: "pickup", shopAddress: "Kariakoo", hours: "Mon-Sat 09:00-18:00" }),
    );
    expect(short).toBe(`Order ${NUMBER} is ready. Collect it at Kariakoo, open Mon-Sat 09:00-18:00. ${LINK}`);
    // with room to spare, it also says to show the order number at the counter
    const roomy = { number: "KE-2026-000123", shopAddress: "Kariakoo", hours: "Mon-Sat 09:00-18:00", link: "https://shop.co.tz/o/1a-AbCdEfGhIjK" };
    expect(orderSmsText(withShop({ kind: "order-ready", locale: "en", deliveryMethod: "pickup", ...roomy }))).toBe(
      "Order KE-2026-000123 is ready. Collect it at Kariakoo, open Mon-Sat 09:00-18:00. Show the order number at the counter. https://shop.co.tz/o/1a-AbCdEfGhIjK",
    );
    // the shop's full address and a week of hours do not fit one SMS together: the address does
    expect(orderSmsText(withShop({ kind: "order-ready", locale: "sw", deliveryMethod: "pickup" }))).toBe(
      `Oda ${NUMBER} iko tayari. Ichukue dukani: Mtaa wa Msimbazi, Kariakoo, Dar es Salaam, Tanzania. ${LINK}`,
    );
    expect(orderSmsText(withShop({ kind: "order-ready", locale: "en", deliveryMethod: "pickup", shopAddress: "" }))).toBe(
      `Order ${NUMBER} is ready to collect at the shop. Show the order number at the counter. ${LINK}`,
    );
    const parcel = orderSmsText(withShop({ kind: "order-shipped", locale: "sw", deliveryMethod: "parcel", carrier: "Shabiby", parcelOffice: "Mbezi" }));
    expect(parcel).toBe(`Oda ${NUMBER} imetumwa kwa basi la Shabiby. Ichukue Mbezi, namba ${LONG.trackingNumber}. ${LINK}`);
    // a long bus office's name and the code fit without the link, rather than the link without them
    expect(orderSmsText(withShop({ kind: "order-shipped", locale: "en", deliveryMethod: "parcel" }))).toBe(
      `Order ${NUMBER} went by bus parcel. Collect it at ${LONG.parcelOffice}, code ${LONG.trackingNumber}.`,
    );
  });

  it("thanks the shopper once the order is handed over, with the receipt link", () => {
    expect(orderSmsText(withShop({ kind: "order-delivered", locale: "en", deliveryMethod: "pickup" }))).toBe(
      `Order ${NUMBER} collected. Thank you for shopping with us! Receipt: ${LINK}`,
    );
    expect(orderSmsText(withShop({ kind: "order-delivered", locale: "sw" }))).toBe(`Oda ${NUMBER} imekufikia. Asante kwa kununua nasi! Risiti: ${LINK}`);
  });

  it.each(LOCALES)("has a safety notice in %s that fits one SMS in GSM-7", (locale) => {
    const notice = translator(locale, "sms")("safetyNotice");
    expect(fitsOneSms(notice)).toBe(true);
    expect(smsLength(notice).encoding).toBe("gsm7");
  });
});

describe("the shop's opening hours in a text message", () => {
  it("joins days with the same hours and leaves closed days out, in the recipient's language", () => {
    expect(openingHoursText(DEFAULT_SITE_SETTINGS.businessHours, "en")).toBe("Mon-Fri 09:00-18:00, Sat 09:00-16:00, Sun 10:00-14:00");
    const closedSunday = { ...DEFAULT_SITE_SETTINGS.businessHours, sunday: { open: "00:00", close: "00:00", closed: true } };
    expect(openingHoursText(closedSunday, "sw")).toBe("Jumatatu-Ijumaa 09:00-18:00, Jumamosi 09:00-16:00");
    const closed = Object.fromEntries(Object.keys(DEFAULT_SITE_SETTINGS.businessHours).map((day) => [day, { open: "09:00", close: "17:00", closed: true }]));
    expect(openingHoursText(closed as typeof DEFAULT_SITE_SETTINGS.businessHours, "en")).toBeNull();
  });
});
