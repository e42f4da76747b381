/**
 * A text cell for a CSV file an admin opens in a spreadsheet: a value that begins with a formula
 * character (= + - @, or a tab or carriage return before one) would run as a formula there, and
 * values like a browser's user agent or an e-mail address come from strangers. Such a value gets a
 * leading apostrophe, which spreadsheets show as text; numbers are written as numbers, not text.
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The value of a cell `spreadsheetSafe` wrote (its apostrophe before a formula character taken off again), for an import. */
export function fromSpreadsheetCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}
