import type { Locale } from "@/lib/locale";
import type { MessageEvent } from "@/lib/sms/events";
import type { WhatsAppTemplate } from "./providers";

/**
 * The WhatsApp message templates the shop sends, exactly as they must be registered in the
 * WhatsApp Manager (README, "WhatsApp templates"). A business may start a WhatsApp conversation
 * only with a template Meta approved beforehand, and Meta checks each send against the registered
 * text: these bodies are therefore kept here, beside the order of their parameters, rather than in
 * the message catalogues (which the shop may reword at will). The sandbox shows the same text the
 * shopper would read.
 *
 * Meta's rules the bodies follow: a parameter is never the first or last thing in the body (Meta
 * refuses such templates), the numbers run {{1}}, {{2}}, ... in order of first use, and no
 * parameter value may hold a line break or more than four spaces in a row (see
 * `whatsAppTemplateFor`).
 */

/** The outbox's events (src/lib/sms/events.ts) that have a WhatsApp template. */
export type WhatsAppTemplateEvent = Extract<
  MessageEvent,
  | "order-placed"
  | "order-paid"
  | "order-shipped"
  | "order-cancelled"
  | "order-ready"
  | "order-delivered"
  | "one-time-code"
  | "payment-prompt"
  | "payment-failed"
  | "payment-expired"
  | "order-delayed"
  | "stock-alert"
  | "return-update"
>;

/** The values a template's placeholders are filled with, by name. */
export interface WhatsAppTemplateValues {
  /** the shop's name as shoppers know it */
  shopName?: string;
  orderNumber?: string;
  /** the order's total, formatted (e.g. "TSh 125,000") */
  total?: string;
  /** a short signed link: the order page, the receipt, the payment page */
  link?: string;
  /** who carries a shipped order: a courier, or a bus company and its office */
  carrier?: string;
  /** the courier's tracking number, or the bus office's collection code */
  reference?: string;
  /** a one-time code */
  code?: string;
  /** the mobile-money wallet a payment prompt comes from (e.g. "M-Pesa") */
  wallet?: string;
  /** where a pick-up is collected: the shop's address */
  address?: string;
  /** the shop's opening hours, e.g. "Mon-Fri 08:30-18:00, Sat 09:00-16:00" */
  hours?: string;
  /** the days an order now arrives (or is ready), e.g. "Tue 8 - Thu 10 Dec" */
  dates?: string;
  /** a product's name (with the option, where the shopper asked about one) */
  product?: string;
  /** a return's number (R-2026-000123) */
  returnNumber?: string;
  /** where a return stands, in a few words of the recipient's language (e.g. "approved") */
  returnStatus?: string;
}

export type WhatsAppTemplateParameter = keyof WhatsAppTemplateValues;

/** UTILITY: about a transaction the person started. AUTHENTICATION: a one-time code (Meta writes its text). */
export type WhatsAppTemplateCategory = "UTILITY" | "AUTHENTICATION";

export interface WhatsAppTemplateSpec {
  event: WhatsAppTemplateEvent;
  /** the template's name in the WhatsApp Manager: one name, with a Kiswahili and an English version */
  name: string;
  category: WhatsAppTemplateCategory;
  /** what fills {{1}}, {{2}}, ... in that order */
  parameters: readonly WhatsAppTemplateParameter[];
  /** the body of each language version, with its numbered placeholders */
  body: Record<Locale, string>;
}

export const WHATSAPP_TEMPLATES: readonly WhatsAppTemplateSpec[] = [
  {
    event: "order-delayed",
    name: "order_delayed",
    category: "UTILITY",
    parameters: ["shopName", "orderNumber", "dates", "link"],
    body: {
      sw: "Habari kutoka {{1}}. Samahani: oda yako {{2}} imechelewa, sasa inatarajiwa {{3}}. Maelezo: {{4}} . Asante kwa uvumilivu wako.",
      en: "Hello from {{1}}. We are sorry: your order {{2}} is running late and is now expected {{3}}. Details: {{4}} . Thank you for your patience.",
    },
  },
  {
    event: "order-placed",
    name: "order_placed",
    category: "UTILITY",
    parameters: ["shopName", "orderNumber", "total", "link"],
    body: {
      sw: "Habari kutoka {{1}}. Tumepokea oda yako {{2}}, jumla {{3}}. Lipia au ifuatilie hapa: {{4}} . Hatutakuomba kamwe kutuma pesa kwa namba ya mtu binafsi.",
      en: "Hello from {{1}}. We received your order {{2}}, total {{3}}. Pay for it or follow it here: {{4}} . We never ask you to send money to a personal number.",
    },
  },
  {
    event: "order-paid",
    name: "order_paid",
    category: "UTILITY",
    parameters: ["shopName", "orderNumber", "total", "link"],
    body: {
      sw: "Asante! {{1}} imepokea malipo ya oda {{2}}, jumla {{3}}. Risiti yako: {{4}} . Tutakujulisha oda ikitumwa.",
      en: "Thank you! {{1}} received the payment for order {{2}}, total {{3}}. Your receipt: {{4}} . We will tell you when the order is on its way.",
    },
  },
  {
    event: "order-shipped",
    name: "order_shipped",
    category: "UTILITY",
    parameters: ["shopName", "orderNumber", "carrier", "reference", "link"],
    body: {
      sw: "Habari kutoka {{1}}. Oda yako {{2}} imetumwa kupitia {{3}}. Namba ya ufuatiliaji au ya kuchukulia mzigo: {{4}}. Maelezo: {{5}} . Asante kwa kununua nasi.",
      en: "Hello from {{1}}. Your order {{2}} is on its way with {{3}}. Tracking number or collection code: {{4}}. Details: {{5}} . Thank you for shopping with us.",
    },
  },
  {
    event: "order-cancelled",
    name: "order_cancelled",
    category: "UTILITY",
    parameters: ["shopName", "orderNumber", "link"],
    body: {
      sw: "Habari kutoka {{1}}. Oda yako {{2}} imesitishwa. Maelezo: {{3}} . Samahani kwa usumbufu.",
      en: "Hello from {{1}}. Your order {{2}} has been cancelled. Details: {{3}} . We are sorry for the trouble.",
    },
  },
  {
    event: "order-ready",
    name: "order_ready",
    category: "UTILITY",
    parameters: ["shopName", "orderNumber", "address", "hours", "link"],
    body: {
      sw: "Habari kutoka {{1}}. Oda yako {{2}} iko tayari kuchukuliwa dukani: {{3}}. Tuko wazi {{4}}. Onyesha namba ya oda kwenye kaunta. Maelezo: {{5}} . Karibu!",
      en: "Hello from {{1}}. Your order {{2}} is ready to collect at the shop: {{3}}. We are open {{4}}. Show the order number at the counter. Details: {{5}} . See you soon!",
    },
  },
  {
    event: "order-delivered",
    name: "order_delivered",
    category: "UTILITY",
    parameters: ["shopName", "orderNumber", "link"],
    body: {
      sw: "Habari kutoka {{1}}. Oda yako {{2}} imekabidhiwa. Asante kwa kununua nasi! Risiti yako: {{3}} . Karibu tena.",
      en: "Hello from {{1}}. Your order {{2}} has been handed over. Thank you for shopping with us! Your receipt: {{3}} . Welcome back any time.",
    },
  },
  {
    event: "payment-prompt",
    name: "payment_prompt",
    category: "UTILITY",
    parameters: ["shopName", "wallet", "orderNumber", "total"],
    body: {
      sw: "Habari kutoka {{1}}. Ombi la malipo la {{2}} kwa oda {{3}}, jumla {{4}}, limetumwa kwenye simu yako. Weka PIN yako kwenye ombi hilo ili kulipa. Hatutakuomba kamwe kutuma pesa kwa namba ya mtu binafsi.",
      en: "Hello from {{1}}. A {{2}} payment prompt for order {{3}}, total {{4}}, has been sent to your phone. Enter your PIN on it to pay. We never ask you to send money to a personal number.",
    },
  },
  {
    event: "payment-expired",
    name: "payment_expired",
    category: "UTILITY",
    parameters: ["shopName", "orderNumber", "total", "link"],
    body: {
      sw: "Habari kutoka {{1}}. Oda yako {{2}}, jumla {{3}}, haikulipwa kwa wakati, kwa hiyo imeghairiwa na bidhaa zimerudi dukani. Maelezo: {{4}} . Karibu uagize tena.",
      en: "Hello from {{1}}. Your order {{2}}, total {{3}}, was not paid in time, so it is cancelled and the items are back on sale. Details: {{4}} . You are welcome to order again.",
    },
  },
  {
    event: "one-time-code",
    name: "one_time_code",
    category: "AUTHENTICATION",
    parameters: ["code"],
    // Meta writes an authentication template's text itself in each language: the English is its
    // text with the security note ticked; the Kiswahili is the shop's rendering of the same for the
    // sandbox and the record (Meta's own wording may differ; only the code is sent)
    body: {
      sw: "*{{1}}* ni namba yako ya uthibitisho. Kwa usalama wako, usimpe mtu yeyote namba hii.",
      en: "*{{1}}* is your verification code. For your security, do not share this code.",
    },
  },
  {
    event: "stock-alert",
    name: "back_in_stock",
    category: "UTILITY",
    parameters: ["shopName", "product", "link"],
    body: {
      sw: "Habari kutoka {{1}}. {{2}} imerudi dukani, kama ulivyoomba tukuarifu. Iangalie hapa: {{3}} . Hatutakuomba kamwe kutuma pesa kwa namba ya mtu binafsi.",
      en: "Hello from {{1}}. {{2}} is back in stock, as you asked us to tell you. See it here: {{3}} . We will never ask you to send money to a personal number.",
    },
  },
  {
    event: "return-update",
    name: "return_update",
    category: "UTILITY",
    parameters: ["shopName", "returnNumber", "orderNumber", "returnStatus", "link"],
    body: {
      sw: "Habari kutoka {{1}}. Urejeshaji {{2}} wa oda {{3}}: {{4}}. Maelezo: {{5}} . Asante.",
      en: "Hello from {{1}}. Return {{2}} for order {{3}}: {{4}}. Details: {{5}} . Thank you.",
    },
  },
  {
    event: "payment-failed",
    name: "payment_failed",
    category: "UTILITY",
    parameters: ["shopName", "orderNumber", "total", "link"],
    body: {
      sw: "Habari kutoka {{1}}. Malipo ya simu ya oda {{2}}, jumla {{3}}, hayakukamilika. Jaribu tena hapa: {{4}} . Hatutakuomba kamwe kutuma pesa kwa namba ya mtu binafsi.",
      en: "Hello from {{1}}. The mobile-money payment for order {{2}}, total {{3}}, did not go through. Try again here: {{4}} . We never ask you to send money to a personal number.",
    },
  },
];

const BY_EVENT = new Map(WHATSAPP_TEMPLATES.map((spec) => [spec.event, spec]));
const BY_NAME = new Map(WHATSAPP_TEMPLATES.map((spec) => [spec.name, spec]));

/** The template that carries an event on WhatsApp, or null for an event that has none (it goes by SMS only). */
export function whatsAppTemplateSpec(event: string): WhatsAppTemplateSpec | null {
  return BY_EVENT.get(event as WhatsAppTemplateEvent) ?? null;
}

/** The registered template of that name, or null. */
export function whatsAppTemplateNamed(name: string): WhatsAppTemplateSpec | null {
  return BY_NAME.get(name) ?? null;
}

/**
 * A parameter value as WhatsApp takes it: no line breaks, tabs or runs of more than four spaces
 * (Meta refuses the whole message otherwise), trimmed.
 */
export function whatsAppParameterText(value: string): string {
  return value
    .replace(/[\r\n\t]+/g, " ")
    .replace(/ {5,}/g, "    ")
    .trim();
}

/**
 * The template an outgoing message carries for an event, in the recipient's language, its
 * parameters in the registered order. Throws when a value the template needs is missing: a
 * half-filled template would be refused by Meta anyway, and the caller's bug should show at once.
 */
export function whatsAppTemplateFor(event: WhatsAppTemplateEvent, locale: Locale, values: WhatsAppTemplateValues): WhatsAppTemplate {
  const spec = BY_EVENT.get(event);
  if (!spec) throw new Error(`No WhatsApp template for ${event}`);
  const parameters = spec.parameters.map((name) => {
    const value = values[name];
    if (value === undefined || value.trim() === "") throw new Error(`The WhatsApp template ${spec.name} needs ${name}`);
    return whatsAppParameterText(value);
  });
  return { name: spec.name, language: locale, parameters };
}

/** The text a template shows once filled in (for the sandbox's files and the order's timeline). */
export function renderWhatsAppTemplate(template: WhatsAppTemplate): string {
  const spec = BY_NAME.get(template.name);
  if (!spec) throw new Error(`No WhatsApp template named ${template.name}`);
  const body = spec.body[template.language as Locale];
  if (body === undefined) throw new Error(`The WhatsApp template ${template.name} has no ${template.language} version`);
  return body.replace(/\{\{(\d+)\}\}/g, (placeholder, number: string) => template.parameters[Number(number) - 1] ?? placeholder);
}
