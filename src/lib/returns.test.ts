import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS, checkSiteSettings, mergeSiteSettings } from "./site-settings";
import {
  allowedReturnActions,
  DEFAULT_RETURNS_SETTINGS,
  isMoneyDecision,
  lastClaimDate,
  returnableQuantity,
  returnEligibility,
  unmetConditions,
  windowEnd,
} from "./returns";

const DAY = 24 * 60 * 60 * 1000;
const delivered = new Date("2026-11-02T10:00:00Z");
const at = (days: number) => new Date(delivered.getTime() + days * DAY);

describe("return eligibility", () => {
  it("is a return within the window after delivery (7 days by default), and nothing before delivery", () => {
    expect(DEFAULT_RETURNS_SETTINGS.windowDays).toBe(7);
    expect(returnEligibility({ deliveredAt: delivered, now: at(7), windowDays: 7, warrantyDays: [null] })).toEqual({
      open: true,
      kind: "return",
      until: at(7),
    });
    expect(returnEligibility({ deliveredAt: null, now: at(1), windowDays: 7, warrantyDays: [null] })).toEqual({
      open: false,
      reason: "not-delivered",
      until: null,
    });
  });

  it("is a warranty claim past the window while every chosen product's warranty runs, else closed", () => {
    expect(returnEligibility({ deliveredAt: delivered, now: at(8), windowDays: 7, warrantyDays: [null] })).toMatchObject({
      open: false,
      reason: "window-closed",
    });
    expect(returnEligibility({ deliveredAt: delivered, now: at(30), windowDays: 7, warrantyDays: [90, 365] })).toEqual({
      open: true,
      kind: "warranty",
      until: at(90),
    });
    // one chosen product without a warranty closes the whole request
    expect(returnEligibility({ deliveredAt: delivered, now: at(30), windowDays: 7, warrantyDays: [90, null] })).toMatchObject({ open: false });
    expect(returnEligibility({ deliveredAt: delivered, now: at(91), windowDays: 7, warrantyDays: [90] })).toEqual({
      open: false,
      reason: "window-closed",
      until: at(90),
    });
  });

  it("says the last day anything may be claimed, and the window's end", () => {
    expect(lastClaimDate(delivered, 7, [null, 90])).toEqual(at(90));
    expect(lastClaimDate(delivered, 7, [null])).toEqual(at(7));
    expect(lastClaimDate(null, 7, [90])).toBeNull();
    expect(windowEnd(delivered, 0)).toEqual(delivered);
  });
});

describe("quantities, conditions and steps", () => {
  it("never offers more than bought less what other returns took", () => {
    expect(returnableQuantity(3, 1)).toBe(2);
    expect(returnableQuantity(2, 5)).toBe(0);
  });

  it("names the conditions not confirmed", () => {
    expect(unmetConditions({ unused: true, notSoldered: true, notCut: true })).toEqual([]);
    expect(unmetConditions({ unused: true })).toEqual(["notSoldered", "notCut"]);
  });

  it("allows each status its next steps, and a decision only after inspection", () => {
    expect(allowedReturnActions("requested")).toEqual(["approve", "refuse"]);
    expect(allowedReturnActions("approved")).toEqual(["receive", "refuse"]);
    expect(allowedReturnActions("received")).toEqual(["inspect"]);
    expect(allowedReturnActions("inspected")).toEqual(["decide"]);
    expect(allowedReturnActions("closed")).toEqual([]);
    expect(allowedReturnActions("refused")).toEqual([]);
    expect(["refund", "store_credit", "repair", "replacement"].filter((d) => isMoneyDecision(d as "refund"))).toEqual(["refund", "store_credit"]);
  });
});

describe("the returns settings", () => {
  it("default for settings stored before them, and check what an admin saves", () => {
    expect(mergeSiteSettings({}).returns).toEqual(DEFAULT_RETURNS_SETTINGS);
    expect(DEFAULT_SITE_SETTINGS.returns.methods).toEqual(["drop_off", "parcel", "pickup"]);
    expect(checkSiteSettings({ returns: { ...DEFAULT_RETURNS_SETTINGS, windowDays: 14 } }).ok).toBe(true);
    expect(checkSiteSettings({ returns: { ...DEFAULT_RETURNS_SETTINGS, methods: [] } }).ok).toBe(false);
    expect(checkSiteSettings({ returns: { ...DEFAULT_RETURNS_SETTINGS, methods: ["by-air"] } }).ok).toBe(false);
  });
});
