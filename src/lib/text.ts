/**
 * Characters no field of the shop accepts: C0 controls (tab and line breaks included: no field
 * takes multi-line text), DEL, C1 controls, lone UTF-16 surrogates and Unicode noncharacters.
 * PostgreSQL refuses U+0000 in text outright, and the others only ever arrive from scripts or
 * attacks (log forging, spoofed names), never from a shopper typing into a form.
 */
// The u flag makes a surrogate range match only an unpaired half: a valid pair is one code point.
const FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF\uFDD0-\uFDEF\uFFFE\uFFFF]/u;

/** True for code points U+xFFFE and U+xFFFF of the supplementary planes (noncharacters). */
function hasPlaneNoncharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff) continue;
    const point = value.codePointAt(i) ?? 0;
    if (point > 0xffff && (point & 0xfffe) === 0xfffe) return true;
  }
  return false;
}

/** Whether a text holds a character that no field accepts (see FORBIDDEN). */
export function hasForbiddenCharacter(value: string): boolean {
  return FORBIDDEN.test(value) || hasPlaneNoncharacter(value);
}

/** Whether any string inside a JSON-like value (object keys included) holds a forbidden character. */
export function containsForbiddenCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return hasForbiddenCharacter(value);
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => containsForbiddenCharacter(item, depth + 1));
  return Object.entries(value).some(([key, item]) => hasForbiddenCharacter(key) || containsForbiddenCharacter(item, depth + 1));
}

export const CONTROL_CHARACTER_MESSAGE = "must not contain control characters or invalid Unicode";
