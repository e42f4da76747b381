import { z } from "zod";

/**
 * Returns and warranty claims: the rules the shopper's form, the admin's pages and the server
 * share. A delivered order's lines may be sent back within the shop's return window (days after
 * delivery), or later within a product's own warranty (the same flow, marked "warranty"); the
 * policy's conditions are asked as a checklist; the admin approves or refuses, receives, inspects
 * and decides per line.
 */

export const RETURN_STATUSES = ["requested", "approved", "refused", "received", "inspected", "closed"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_KINDS = ["return", "warranty"] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/** drop_off: brought to the shop; parcel: sent by bus; pickup: collected by the shop in Dar es Salaam */
export const RETURN_METHODS = ["drop_off", "parcel", "pickup"] as const;
export type ReturnMethod = (typeof RETURN_METHODS)[number];

export const RETURN_DECISIONS = ["refund", "replacement", "repair", "store_credit"] as const;
export type ReturnDecision = (typeof RETURN_DECISIONS)[number];

/** Where a returned unit goes: back on sale, or counted as faulty (never sold). */
export const RETURN_STOCK_OUTCOMES = ["sellable", "faulty"] as const;
export type ReturnStockOutcome = (typeof RETURN_STOCK_OUTCOMES)[number];

/** The policy's conditions, asked as a checklist (their texts are settings, in both languages). */
export const RETURN_CONDITIONS = ["unused", "notSoldered", "notCut"] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];

/** Photos one request may carry, each within the shop's upload rules for pictures (src/lib/image-upload.ts). */
export const RETURN_PHOTOS_MAX = 5;
export const RETURN_REASON_MAX = 1000;
export const RETURN_REFUSAL_MAX = 500;

const conditionText = z.object({ en: z.string().min(1).max(200), sw: z.string().min(1).max(200) }).strict();

export const returnsSettingsSchema = z.object({
  /** days after delivery a shopper may ask to return (the policy page's "7 days after delivery") */
  windowDays: z.number().int().min(0).max(365),
  /** the checklist's texts, in each language */
  conditions: z.object({ unused: conditionText, notSoldered: conditionText, notCut: conditionText }),
  /** how a return may come back */
  methods: z.array(z.enum(RETURN_METHODS)).min(1).max(RETURN_METHODS.length),
});
export type ReturnsSettings = z.infer<typeof returnsSettingsSchema>;

export const DEFAULT_RETURNS_SETTINGS: ReturnsSettings = {
  windowDays: 7,
  conditions: {
    unused: { en: "The item is unused and complete, in its packaging", sw: "Bidhaa haijatumika na iko kamili, ndani ya kifungashio chake" },
    notSoldered: { en: "Nothing has been soldered to it", sw: "Hakuna kilichounganishwa kwa soldering" },
    notCut: { en: "No pins, leads or wires have been cut", sw: "Hakuna pini, miguu au waya zilizokatwa" },
  },
  methods: ["drop_off", "parcel", "pickup"],
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment a window of `days` after delivery ends. */
export function windowEnd(deliveredAt: Date, days: number): Date {
  return new Date(deliveredAt.getTime() + days * DAY_MS);
}

export type ReturnEligibility = { open: true; kind: ReturnKind; until: Date } | { open: false; reason: "not-delivered" | "window-closed"; until: Date | null };

/**
 * Whether lines of an order delivered at `deliveredAt` may be sent back now: as a return within the
 * shop's window; past it, as a warranty claim while every chosen product's warranty (days after
 * delivery) still runs; else closed. `warrantyDays` are the chosen lines' products' (null: none).
 */
export function returnEligibility(input: {
  deliveredAt: Date | null;
  now: Date;
  windowDays: number;
  warrantyDays: readonly (number | null)[];
}): ReturnEligibility {
  if (!input.deliveredAt) return { open: false, reason: "not-delivered", until: null };
  const returnUntil = windowEnd(input.deliveredAt, input.windowDays);
  if (input.now <= returnUntil) return { open: true, kind: "return", until: returnUntil };
  if (input.warrantyDays.length === 0 || input.warrantyDays.some((days) => !days)) return { open: false, reason: "window-closed", until: returnUntil };
  const warrantyUntil = windowEnd(input.deliveredAt, Math.min(...input.warrantyDays.map((days) => days ?? 0)));
  if (input.now <= warrantyUntil) return { open: true, kind: "warranty", until: warrantyUntil };
  return { open: false, reason: "window-closed", until: warrantyUntil };
}

/** The last moment anything of an order may still be sent back (the window, or the longest warranty of its lines), or null before delivery. */
export function lastClaimDate(deliveredAt: Date | null, windowDays: number, warrantyDays: readonly (number | null)[]): Date | null {
  if (!deliveredAt) return null;
  return windowEnd(deliveredAt, Math.max(windowDays, ...warrantyDays.map((days) => days ?? 0)));
}

/** Units of a line that may still be asked back: bought, less those in returns not refused. */
export function returnableQuantity(bought: number, alreadyReturned: number): number {
  return Math.max(0, bought - alreadyReturned);
}

/** Conditions the shopper did not confirm. A return within the window needs them all; a warranty claim (a fault) records them only. */
export function unmetConditions(checklist: Partial<Record<ReturnCondition, boolean>>): ReturnCondition[] {
  return RETURN_CONDITIONS.filter((condition) => checklist[condition] !== true);
}

export type ReturnAction = "approve" | "refuse" | "receive" | "inspect" | "decide";

/** What the admin may do with a return in each status; "decide" is per line, and the last decision closes it. */
export function allowedReturnActions(status: ReturnStatus): ReturnAction[] {
  switch (status) {
    case "requested":
      return ["approve", "refuse"];
    case "approved":
      return ["receive", "refuse"];
    case "received":
      return ["inspect"];
    case "inspected":
      return ["decide"];
    default:
      return [];
  }
}

/** Returns still waiting for the shop: counted against a line's returnable units with the closed ones (a refused return frees them). */
export function countsAgainstLine(status: ReturnStatus): boolean {
  return status !== "refused";
}

/** Whether a decision gives money back (through the refund service). */
export function isMoneyDecision(decision: ReturnDecision): decision is "refund" | "store_credit" {
  return decision === "refund" || decision === "store_credit";
}

/** The admin list's order: requested first, then what waits on the shop, then the finished ones. */
export const RETURN_STATUS_ORDER: Record<ReturnStatus, number> = { requested: 0, approved: 1, received: 2, inspected: 3, closed: 4, refused: 5 };
