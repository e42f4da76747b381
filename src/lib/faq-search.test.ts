import { describe, expect, it } from "vitest";
import { faqMatches, normaliseForSearch, searchWords } from "./faq-search";

const mpesa = "How do I pay with mobile money? Choose your wallet (M-Pesa, Mixx by Yas, Airtel Money, HaloPesa).";
const risiti = "Nitapata risiti ya kodi? Ndiyo. Kila oda iliyolipiwa hupata risiti ya kodi kutoka kwa kifaa cha TRA (VFD).";

describe("help centre search", () => {
  it("matches every typed word, in any order, ignoring case and punctuation", () => {
    expect(faqMatches(mpesa, "m-pesa")).toBe(true);
    expect(faqMatches(mpesa, "MPESA")).toBe(true);
    expect(faqMatches(mpesa, "airtel wallet")).toBe(true);
    expect(faqMatches(mpesa, "airtel receipt")).toBe(false);
  });

  it("works in Kiswahili and ignores accents", () => {
    expect(faqMatches(risiti, "Risiti")).toBe(true);
    expect(faqMatches(risiti, "vfd kodi")).toBe(true);
    expect(faqMatches("Café résumé", "cafe resume")).toBe(true);
  });

  it("shows everything for an empty or punctuation-only query", () => {
    expect(searchWords("  ?! ")).toEqual([]);
    expect(faqMatches(risiti, "")).toBe(true);
    expect(normaliseForSearch("  Hello,   World! ")).toBe("hello world");
  });
});
