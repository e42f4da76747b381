"use client";

import { MessageCircle } from "lucide-react";
import { useTranslations } from "use-intl";
import { whatsappOrderLink, type WhatsAppOrder } from "@/lib/whatsapp-order";
import { buttonClass } from "../ui/button";

/**
 * "Order on WhatsApp": a link that opens a chat with the shop's number, the order written out in
 * the page's language, for shoppers who would rather talk than check out. A plain link the server
 * renders, so it works before (and without) the page's script; nothing when the shop has no
 * WhatsApp number.
 */
export function OrderOnWhatsApp({ shopNumber, order, className }: { shopNumber: string; order: WhatsAppOrder; className?: string }) {
  const t = useTranslations("cart.whatsapp");
  const href = whatsappOrderLink(shopNumber, order, (key, values) => t(key, values));
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="order-on-whatsapp"
      className={buttonClass({ variant: "secondary", block: true, className: `text-sm ${className ?? ""}` })}
    >
      <MessageCircle className="h-5 w-5 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden />
      {t("button")}
      <span className="sr-only"> {t("newTab")}</span>
    </a>
  );
}
