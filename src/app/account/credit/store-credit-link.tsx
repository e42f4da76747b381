import Link from "next/link";
import { formatMoney } from "@/lib/money";
import { getServices } from "@/server/services";
import { getTranslator } from "../../i18n";

/** The shopper's store credit as a link to its page (on the coins page), shown only when there is some or was. */
export async function StoreCreditLink({ userId }: { userId: number }) {
  const [t, credit] = await Promise.all([getTranslator("rewards.credit"), (await getServices()).refunds.storeCredit(userId)]);
  if (credit.entries.length === 0) return null;
  return (
    <p className="text-sm">
      <Link href="/account/credit" className="font-semibold text-brand hover:underline" data-testid="store-credit-link">
        {t("link", { amount: formatMoney(credit.balance, "TZS") })}
      </Link>
    </p>
  );
}
