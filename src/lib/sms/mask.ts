/**
 * How a phone number is shown to an admin or written to a log: enough to tell messages apart, not
 * to read the number. +255712345678 → "+2557******78".
 */
export function maskPhone(e164: string): string {
  const digits = e164.replace(/^\+/, "");
  if (digits.length < 7) return "***";
  return `+${digits.slice(0, 4)}${"*".repeat(digits.length - 6)}${digits.slice(-2)}`;
}

/** A text (a provider's error) with every phone number in it masked: providers quote the recipient. */
export function maskPhonesIn(text: string): string {
  return text.replace(/\+?\d{9,15}/g, (number) => maskPhone(number));
}
