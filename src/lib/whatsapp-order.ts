import { formatMoney } from "./money";

/**
 * The longest "Order on WhatsApp" link the shop makes. wa.me takes much longer ones, but some
 * phones' browsers and the WhatsApp app itself cut or refuse a link of several thousand
 * characters; a cart that does not fit is cut line by line and the message says how many lines
 * were left out.
 */
export const WHATSAPP_LINK_MAX_LENGTH = 2000;

/** A product name longer than this is shortened in the message, so one line cannot crowd out the rest. */
export const WHATSAPP_NAME_MAX_LENGTH = 80;

/** One line of the order as the page shows it: unit price (at that quantity) in whole shillings. */
export interface WhatsAppOrderLine {
  name: string;
  /** the chosen option in the page's words ("Colour: Black"); absent or empty: none */
  option?: string;
  quantity: number;
  unitPrice: number;
}

export interface WhatsAppOrder {
  lines: readonly WhatsAppOrderLine[];
  /** the product page's full address, for an order of a single product */
  productUrl?: string;
}

/** The message's texts, from the catalogue's `cart.whatsapp` group in the shopper's language. */
export type WhatsAppOrderTextKey = "greeting" | "line" | "lineWithOption" | "more" | "total" | "productLink";
export type WhatsAppOrderTranslator = (key: WhatsAppOrderTextKey, values?: Record<string, string | number>) => string;

/**
 * The digits wa.me takes (country code first, no plus) of the shop's number as stored (E.164,
 * checked when it was saved); null when there is none, so no button is shown.
 */
export function whatsappDigits(shopNumber: string | null | undefined): string | null {
  const compact = (shopNumber ?? "").replace(/[\s-]/g, "");
  return /^\+?[1-9]\d{7,14}$/.test(compact) ? compact.replace(/^\+/, "") : null;
}

function shortName(name: string): string {
  const trimmed = name.trim();
  return trimmed.length > WHATSAPP_NAME_MAX_LENGTH ? `${trimmed.slice(0, WHATSAPP_NAME_MAX_LENGTH - 1).trimEnd()}…` : trimmed;
}

/**
 * The message an order on WhatsApp opens with: a greeting, one line per product ("2 × name
 * (option) — unit price each, line total"), the goods' total (delivery is agreed in the chat) and,
 * for a single product, its page. Prices are in TSh as the shop writes them, whatever currency the
 * page shows: the shop answers in shillings.
 */
function messageText(order: WhatsAppOrder, t: WhatsAppOrderTranslator, shownLines: number): string {
  const lines = order.lines.slice(0, shownLines).map((line) => {
    const values = {
      quantity: line.quantity,
      name: shortName(line.name),
      unit: formatMoney(line.unitPrice, "TZS"),
      total: formatMoney(line.unitPrice * line.quantity, "TZS"),
    };
    return line.option?.trim() ? t("lineWithOption", { ...values, option: line.option.trim() }) : t("line", values);
  });
  const left = order.lines.length - shownLines;
  const total = order.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  return [
    t("greeting"),
    ...lines,
    ...(left > 0 ? [t("more", { count: left })] : []),
    t("total", { total: formatMoney(total, "TZS") }),
    ...(order.productUrl ? [t("productLink", { url: order.productUrl })] : []),
  ].join("\n");
}

/**
 * The https://wa.me/<digits>?text=… link that opens a chat with the shop with the order written
 * out, at most `maxLength` characters (lines are left out from the end, and counted, until it
 * fits); null when the shop has no WhatsApp number or there is nothing to order.
 */
export function whatsappOrderLink(
  shopNumber: string | null | undefined,
  order: WhatsAppOrder,
  t: WhatsAppOrderTranslator,
  maxLength: number = WHATSAPP_LINK_MAX_LENGTH,
): string | null {
  const digits = whatsappDigits(shopNumber);
  if (!digits || order.lines.length === 0) return null;
  const base = `https://wa.me/${digits}?text=`;
  let link = "";
  for (let shown = order.lines.length; shown >= 0; shown--) {
    link = base + encodeURIComponent(messageText(order, t, shown));
    if (link.length <= maxLength) return link;
  }
  // not even the greeting and the total fit a limit this small: the shortest message still goes
  return link;
}
