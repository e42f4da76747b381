import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
// the test reads both languages' real texts; nothing of it reaches the browser
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { CATALOGUES } from "@/messages";
import type { Locale } from "./locale";
import { WHATSAPP_LINK_MAX_LENGTH, whatsappDigits, whatsappOrderLink, type WhatsAppOrderLine, type WhatsAppOrderTranslator } from "./whatsapp-order";

const SHOP = "+255754000000";

function translator(locale: Locale): WhatsAppOrderTranslator {
  const t = createTranslator({ locale, messages: CATALOGUES[locale], namespace: "cart.whatsapp" });
  return (key, values) => t(key, values);
}

/** The message a link carries, decoded. */
function textOf(link: string): string {
  const url = new URL(link);
  return url.searchParams.get("text")!;
}

const esp32: WhatsAppOrderLine = { name: "ESP32 DevKit V1", option: "Colour: Black", quantity: 2, unitPrice: 25_000 };
const resistor: WhatsAppOrderLine = { name: "Resistor 10k", quantity: 100, unitPrice: 50 };

describe("the Order on WhatsApp link", () => {
  it("opens a chat with the shop's number and the order written out in English", () => {
    const link = whatsappOrderLink(SHOP, { lines: [esp32, resistor] }, translator("en"))!;
    expect(link.startsWith("https://wa.me/255754000000?text=")).toBe(true);
    expect(textOf(link)).toBe(
      [
        "Hello, I would like to order:",
        "• 2 × ESP32 DevKit V1 (Colour: Black): TSh\u00a025,000 each, TSh\u00a050,000",
        "• 100 × Resistor 10k: TSh\u00a050 each, TSh\u00a05,000",
        "Total: TSh\u00a055,000 (delivery not included)",
      ].join("\n"),
    );
  });

  it("writes it in Kiswahili, with the product page for a single product", () => {
    const link = whatsappOrderLink(SHOP, { lines: [esp32], productUrl: "https://duka.example/products/7-esp32-devkit-v1" }, translator("sw"))!;
    expect(textOf(link)).toBe(
      [
        "Habari, ningependa kuagiza:",
        "• 2 × ESP32 DevKit V1 (Colour: Black): TSh\u00a025,000 kila moja, jumla TSh\u00a050,000",
        "Jumla: TSh\u00a050,000 (bila gharama ya usafirishaji)",
        "Ukurasa wa bidhaa: https://duka.example/products/7-esp32-devkit-v1",
      ].join("\n"),
    );
  });

  it("encodes &, #, ?, + and newlines so the text cannot break out of its parameter", () => {
    const link = whatsappOrderLink(SHOP, { lines: [{ name: "Wire & Tools #2 ? 50%+", quantity: 1, unitPrice: 1000 }] }, translator("en"))!;
    const query = link.slice(link.indexOf("?") + 1);
    expect(query.startsWith("text=")).toBe(true);
    // one parameter, and none of the message's own characters left raw in it
    expect(query.slice("text=".length)).not.toMatch(/[&#?+\n ]/);
    expect(query).toContain("%26");
    expect(query).toContain("%23");
    expect(query).toContain("%0A");
    expect(textOf(link)).toContain("• 1 × Wire & Tools #2 ? 50%+: TSh\u00a01,000 each, TSh\u00a01,000");
  });

  it.each<[Locale, (left: number) => string]>([
    ["en", (left) => `…and ${left} more lines`],
    ["sw", (left) => `…na mistari ${left} zaidi`],
  ])("cuts a long cart to a safe length and says how many lines were left out (%s)", (locale, more) => {
    const lines = Array.from({ length: 60 }, (_, i) => ({ name: `Ceramic capacitor 100nF 50V X7R 0805 pack ${i + 1}`, quantity: 10, unitPrice: 1_500 }));
    const link = whatsappOrderLink(SHOP, { lines }, translator(locale))!;
    expect(link.length).toBeLessThanOrEqual(WHATSAPP_LINK_MAX_LENGTH);
    const text = textOf(link).split("\n");
    const shown = text.filter((line) => line.startsWith("• "));
    expect(shown.length).toBeGreaterThanOrEqual(8);
    expect(shown.length).toBeLessThan(60);
    // the first lines, in order, and the count of the rest
    expect(shown.at(-1)).toContain(`pack ${shown.length}:`);
    expect(text).toContain(more(60 - shown.length));
    // the total is the whole cart's, the lines left out included
    expect(text.at(-1)).toContain("TSh\u00a0900,000");
    // one line more would not have fitted
    const longer = whatsappOrderLink(SHOP, { lines }, translator(locale), 100_000)!;
    expect(
      textOf(longer)
        .split("\n")
        .filter((line) => line.startsWith("• ")),
    ).toHaveLength(60);
    const oneMore = encodeURIComponent(textOf(longer).split("\n")[shown.length + 1]! + "\n");
    expect(link.length + oneMore.length).toBeGreaterThan(WHATSAPP_LINK_MAX_LENGTH);
  });

  it("says 1 more line in the singular", () => {
    const lines = [esp32, resistor];
    const full = whatsappOrderLink(SHOP, { lines }, translator("en"))!;
    const link = whatsappOrderLink(SHOP, { lines }, translator("en"), full.length - 1)!;
    expect(textOf(link)).toContain("…and 1 more line\n");
    expect(textOf(whatsappOrderLink(SHOP, { lines }, translator("sw"), full.length - 1)!)).toContain("…na mstari 1 zaidi\n");
  });

  it("shortens a very long product name", () => {
    const link = whatsappOrderLink(SHOP, { lines: [{ name: "x".repeat(300), quantity: 1, unitPrice: 10 }] }, translator("en"))!;
    expect(textOf(link)).toContain(`• 1 × ${"x".repeat(79)}…: `);
  });

  it("makes no link without a shop number, with a malformed one, or with nothing to order", () => {
    expect(whatsappOrderLink("", { lines: [esp32] }, translator("en"))).toBeNull();
    expect(whatsappOrderLink(null, { lines: [esp32] }, translator("en"))).toBeNull();
    expect(whatsappOrderLink("call us", { lines: [esp32] }, translator("en"))).toBeNull();
    expect(whatsappOrderLink(SHOP, { lines: [] }, translator("en"))).toBeNull();
    expect(whatsappDigits("+255 754 000 000")).toBe("255754000000");
    expect(whatsappDigits("+0754")).toBeNull();
  });
});
