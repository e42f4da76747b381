import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/locale";
import { renderWhatsAppTemplate, WHATSAPP_TEMPLATES, whatsAppParameterText, whatsAppTemplateFor, whatsAppTemplateSpec } from "./whatsapp-templates";

describe("the WhatsApp templates the shop registers", () => {
  it("covers every event the brief names, once each, with names Meta accepts", () => {
    expect(WHATSAPP_TEMPLATES.map((spec) => spec.event).sort()).toEqual(
      [
        "one-time-code",
        "order-cancelled",
        "order-delayed",
        "order-delivered",
        "order-paid",
        "order-placed",
        "order-ready",
        "order-shipped",
        "payment-expired",
        "payment-failed",
        "payment-prompt",
        "return-update",
        "stock-alert",
      ].sort(),
    );
    for (const spec of WHATSAPP_TEMPLATES) expect(spec.name).toMatch(/^[a-z0-9_]{1,512}$/);
    expect(new Set(WHATSAPP_TEMPLATES.map((spec) => spec.name)).size).toBe(WHATSAPP_TEMPLATES.length);
  });

  it.each(WHATSAPP_TEMPLATES.flatMap((spec) => LOCALES.map((locale) => [spec.name, locale, spec] as const)))(
    "%s (%s): placeholders {{1}}..{{n}} in order, one per parameter, never first or last",
    (_name, locale, spec) => {
      const body = spec.body[locale];
      const numbers = [...body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1]));
      const firstUses = numbers.filter((n, i) => numbers.indexOf(n) === i);
      expect(firstUses).toEqual(spec.parameters.map((_, i) => i + 1));
      expect(body.trim()).not.toMatch(/^\{\{\d+\}\}/);
      expect(body.trim()).not.toMatch(/\{\{\d+\}\}[.!]?$/);
      // Meta's limit for a template's body
      expect(body.length).toBeLessThanOrEqual(1024);
    },
  );

  it("one-time codes use an authentication template; order updates utility ones", () => {
    expect(whatsAppTemplateSpec("one-time-code")?.category).toBe("AUTHENTICATION");
    expect(whatsAppTemplateSpec("order-shipped")?.category).toBe("UTILITY");
    expect(whatsAppTemplateSpec("payment-prompt")?.category).toBe("UTILITY");
    // marketing and the safety notice have none: a promotion needs a template of its own, the notice is in the order ones
    expect(whatsAppTemplateSpec("promotion")).toBeNull();
    expect(whatsAppTemplateSpec("safety-notice")).toBeNull();
  });
});

describe("whatsAppTemplateFor", () => {
  it("fills the parameters in the registered order, in the recipient's language", () => {
    const template = whatsAppTemplateFor("order-shipped", "sw", {
      shopName: "Kilima Electronics",
      orderNumber: "KE-1042",
      carrier: "Shabiby, Ubungo office",
      reference: "C-7781",
      link: "https://shop.example/s/abc",
    });
    expect(template).toEqual({
      name: "order_shipped",
      language: "sw",
      parameters: ["Kilima Electronics", "KE-1042", "Shabiby, Ubungo office", "C-7781", "https://shop.example/s/abc"],
    });
    expect(renderWhatsAppTemplate(template)).toBe(
      "Habari kutoka Kilima Electronics. Oda yako KE-1042 imetumwa kupitia Shabiby, Ubungo office. Namba ya ufuatiliaji au ya kuchukulia mzigo: C-7781. Maelezo: https://shop.example/s/abc . Asante kwa kununua nasi.",
    );
  });

  it("says where and when to collect a pick-up, and what a payment prompt is for", () => {
    const ready = whatsAppTemplateFor("order-ready", "en", {
      shopName: "Kilima Electronics",
      orderNumber: "KE-2026-000123",
      address: "Kariakoo, Msimbazi Street, Dar es Salaam",
      hours: "Mon-Fri 09:00-18:00, Sat 09:00-16:00",
      link: "https://shop.example/o/3f-AbCdEfGhIjK",
    });
    expect(renderWhatsAppTemplate(ready)).toBe(
      "Hello from Kilima Electronics. Your order KE-2026-000123 is ready to collect at the shop: Kariakoo, Msimbazi Street, Dar es Salaam. We are open Mon-Fri 09:00-18:00, Sat 09:00-16:00. Show the order number at the counter. Details: https://shop.example/o/3f-AbCdEfGhIjK . See you soon!",
    );
    const prompt = whatsAppTemplateFor("payment-prompt", "sw", {
      shopName: "Kilima Electronics",
      wallet: "M-Pesa",
      orderNumber: "KE-2026-000123",
      total: "TSh 125,000",
    });
    expect(renderWhatsAppTemplate(prompt)).toBe(
      "Habari kutoka Kilima Electronics. Ombi la malipo la M-Pesa kwa oda KE-2026-000123, jumla TSh 125,000, limetumwa kwenye simu yako. Weka PIN yako kwenye ombi hilo ili kulipa. Hatutakuomba kamwe kutuma pesa kwa namba ya mtu binafsi.",
    );
  });

  it("refuses a template with a value missing, rather than one Meta would refuse", () => {
    expect(() => whatsAppTemplateFor("order-paid", "en", { shopName: "Kilima", orderNumber: "KE-1", total: "TSh 5,000" })).toThrow(/needs link/);
  });

  it("takes line breaks and long runs of spaces out of values (Meta refuses them)", () => {
    expect(whatsAppParameterText("  Ubungo\r\noffice\tgate 2      B ")).toBe("Ubungo office gate 2    B");
    expect(whatsAppTemplateFor("one-time-code", "en", { code: "482913" }).parameters).toEqual(["482913"]);
  });
});
