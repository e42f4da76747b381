/**
 * What the shop writes on an order's timeline events, read back for display: a plain code
 * ("taken-by-staff"), or a code with what it needs ("collected till QK7H2P9Z", "rider: Juma",
 * "refused: wrong size"). Notes from the server only; an admin's own words read as free text.
 */

export const PLAIN_NOTE_CODES = [
  "cancelled-by-shopper",
  "cancelled-by-shop",
  "not-paid-in-time",
  "bank-transfer-received",
  "payment-after-cancel",
  "taken-by-staff",
] as const;
export type PlainNoteCode = (typeof PLAIN_NOTE_CODES)[number];

export type OrderNote =
  | { kind: "plain"; code: PlainNoteCode }
  /** a payment taken by hand: at the counter (recorded-payment) or at the door (collected) */
  | { kind: "paid-in-person"; method: "cash" | "till"; transactionId: string | null }
  | { kind: "rider"; name: string }
  /** staff's words: shown to admins only */
  | { kind: "refused"; reason: string }
  | { kind: "payment-reversed"; reason: string }
  /** a refund's step (src/lib/refunds.ts): asked of the provider, money back, or failed */
  | { kind: "refund"; step: "requested" | "completed" | "failed"; number: number }
  /** the delivery promise moved (src/lib/delivery-estimate.ts): the new first and last day, told to the shopper */
  | { kind: "promise-slipped"; from: string; to: string }
  | { kind: "free"; text: string };

const REFUND = /^refund-(requested|completed|failed):(\d+)$/;

const IN_PERSON = /^(?:recorded-payment|collected) (cash|till)(?: (\S+))?$/;

const PROMISE_SLIPPED = /^promise-slipped (\d{4}-\d{2}-\d{2}) (\d{4}-\d{2}-\d{2})$/;

export function readOrderNote(note: string): OrderNote {
  if ((PLAIN_NOTE_CODES as readonly string[]).includes(note)) return { kind: "plain", code: note as PlainNoteCode };
  const inPerson = IN_PERSON.exec(note);
  if (inPerson) return { kind: "paid-in-person", method: inPerson[1] as "cash" | "till", transactionId: inPerson[2] ?? null };
  const slipped = PROMISE_SLIPPED.exec(note);
  if (slipped) return { kind: "promise-slipped", from: slipped[1]!, to: slipped[2]! };
  const refund = REFUND.exec(note);
  if (refund) return { kind: "refund", step: refund[1] as "requested" | "completed" | "failed", number: Number(refund[2]) };
  if (note.startsWith("rider: ")) return { kind: "rider", name: note.slice("rider: ".length) };
  if (note.startsWith("refused: ")) return { kind: "refused", reason: note.slice("refused: ".length) };
  if (note.startsWith("payment-reversed: ")) return { kind: "payment-reversed", reason: note.slice("payment-reversed: ".length) };
  return { kind: "free", text: note };
}

/** Whether the shopper's own pages show a note (staff's words about a refusal or a reversal stay with the shop). */
export function shopperSeesNote(note: OrderNote): boolean {
  return note.kind === "plain" || note.kind === "paid-in-person" || note.kind === "rider" || note.kind === "refund" || note.kind === "promise-slipped";
}
