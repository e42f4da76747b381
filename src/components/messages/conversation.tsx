import type { SupportMessageItem } from "@/lib/api-contract";
import { DATE_FORMATS } from "@/lib/date-format";
import { serverFormatter, serverTranslator } from "../i18n/request-intl";
import { cx } from "../ui/cx";

/**
 * A conversation's messages, oldest first: the shopper's on one side, the shop's on the other. A
 * server component (the page must have resolved its language); `viewer` says whose side is "you".
 */
export function Conversation({ messages, viewer, customerName }: { messages: SupportMessageItem[]; viewer: "customer" | "shop"; customerName?: string }) {
  const t = serverTranslator("messages.thread");
  const format = serverFormatter();
  return (
    <ol className="space-y-3" data-testid="conversation">
      {messages.map((m) => {
        const mine = m.author === viewer;
        const who = m.author === "shop" ? t("shop") : viewer === "customer" ? t("you") : (customerName ?? t("you"));
        return (
          <li key={m.id} className={cx("flex", mine ? "justify-end" : "justify-start")} data-testid="support-message" data-author={m.author}>
            <div
              className={cx(
                "max-w-[85%] rounded-xl border px-3 py-2 text-sm",
                mine ? "border-transparent bg-brand/10" : "border-[var(--border)] bg-[var(--surface)]",
              )}
            >
              <p className="mb-1 text-xs text-[var(--muted-fg)]">
                <span className="font-semibold">{who}</span> ·{" "}
                <time dateTime={m.createdAt}>{format.dateTime(new Date(m.createdAt), DATE_FORMATS.dateTime)}</time>
              </p>
              <p className="break-words whitespace-pre-line">{m.body}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
