/** 1 TZS = 0.0004 USD; prices are stored as whole shillings. */
export const TZS_TO_USD = 0.0004;
export type Currency = "TZS" | "USD";
export const CURRENCIES: readonly Currency[] = ["TZS", "USD"] as const;
export const DEFAULT_CURRENCY: Currency = "TZS";
/** The browser's localStorage key of the chosen currency. */
export const CURRENCY_KEY = "preferred-currency";

const tzsFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0, minimumFractionDigits: 0 });
const usdFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function isCurrency(value: unknown): value is Currency {
  return value === "TZS" || value === "USD";
}

/**
 * Formats an amount held in TZS for display in the chosen currency:
 * 'TSh 12,345' or '$4.94'; zero, negative-zero, NaN or non-numbers show 'TSh 0' / '$0.00'.
 * The same in both languages (the shop's prices are written this way in Tanzania); the space after
 * TSh does not break, so the symbol never wraps onto a line of its own.
 */
export function formatMoney(amountTzs: unknown, currency: Currency = DEFAULT_CURRENCY): string {
  const amount = typeof amountTzs === "number" ? amountTzs : typeof amountTzs === "string" ? Number(amountTzs) : NaN;
  const valid = Number.isFinite(amount) && amount !== 0;
  if (currency === "USD") {
    return `$${usdFormat.format(valid ? amount * TZS_TO_USD : 0)}`;
  }
  return `TSh\u00a0${tzsFormat.format(valid ? Math.round(amount) : 0)}`;
}
