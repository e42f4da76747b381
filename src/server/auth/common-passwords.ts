import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The ~49,000 most common passwords from leaked password lists, as shipped by zxcvbn-ts's common
 * language package (no network at run time). Checked case-insensitively: "Password1" is
 * "password1", which is on the list.
 */
let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map((word) => String(word).toLowerCase()));
  return common.has(password.normalize("NFKC").toLowerCase());
}
