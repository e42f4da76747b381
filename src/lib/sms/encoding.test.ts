import { describe, expect, it } from "vitest";
import { fitsOneSms, gsmFriendly, smsEncoding, smsLength } from "./encoding";

describe("SMS encoding", () => {
  it("keeps plain Kiswahili and English in GSM-7", () => {
    expect(smsEncoding("Oda KE-2026-000123 imepokelewa. Jumla TSh 25,000.")).toBe("gsm7");
    expect(smsEncoding("Price: £5 @ shop; 50% off (today)!")).toBe("gsm7");
  });

  it("needs UCS-2 for Ω, the Ohm sign, µ, emoji and a no-break space", () => {
    expect(smsEncoding("10 kΩ resistor")).toBe("ucs2");
    expect(smsEncoding("10 k\u2126 resistor")).toBe("ucs2");
    expect(smsEncoding("100 µF")).toBe("ucs2");
    expect(smsEncoding("Asante 🙏")).toBe("ucs2");
    expect(smsEncoding("TSh\u00a025,000")).toBe("ucs2");
  });

  it("fits 160 GSM-7 characters in one SMS, and cuts longer texts into parts of 153", () => {
    expect(smsLength("a".repeat(160))).toEqual({ encoding: "gsm7", units: 160, segments: 1 });
    expect(smsLength("a".repeat(161))).toEqual({ encoding: "gsm7", units: 161, segments: 2 });
    expect(smsLength("a".repeat(306)).segments).toBe(2);
    expect(smsLength("a".repeat(307)).segments).toBe(3);
    expect(fitsOneSms("a".repeat(160))).toBe(true);
    expect(fitsOneSms("a".repeat(161))).toBe(false);
  });

  it("counts the extension table's characters twice", () => {
    expect(smsLength("€".repeat(80))).toEqual({ encoding: "gsm7", units: 160, segments: 1 });
    expect(fitsOneSms(`${"a".repeat(159)}[`)).toBe(false);
    expect(fitsOneSms(`${"a".repeat(158)}{`)).toBe(true);
  });

  it("never splits an escaped character over two parts", () => {
    // 152 plain characters then one of two septets: it does not fit the first part's 153
    expect(smsLength(`${"a".repeat(152)}^${"a".repeat(10)}`).segments).toBe(2);
    // so the second part starts with it: 2 + 151 fill it, 2 + 152 do not
    expect(smsLength(`${"a".repeat(152)}^${"a".repeat(151)}`).segments).toBe(2);
    expect(smsLength(`${"a".repeat(152)}^${"a".repeat(152)}`).segments).toBe(3);
  });

  it("fits 70 UCS-2 units in one SMS, parts of 67 beyond, an emoji taking two", () => {
    expect(smsLength("Ω".repeat(70))).toEqual({ encoding: "ucs2", units: 70, segments: 1 });
    expect(smsLength("Ω".repeat(71)).segments).toBe(2);
    expect(smsLength("Ω".repeat(134)).segments).toBe(2);
    expect(smsLength("Ω".repeat(135)).segments).toBe(3);
    expect(smsLength("🙏".repeat(35))).toEqual({ encoding: "ucs2", units: 70, segments: 1 });
    expect(fitsOneSms(`µ${"a".repeat(69)}`)).toBe(true);
    expect(fitsOneSms(`µ${"a".repeat(70)}`)).toBe(false);
  });

  it("counts nothing for an empty text", () => {
    expect(smsLength("")).toEqual({ encoding: "gsm7", units: 0, segments: 0 });
    expect(fitsOneSms("")).toBe(true);
  });

  it("replaces look-alike characters (the money format's no-break space) with GSM-7 ones", () => {
    expect(gsmFriendly("TSh\u00a025,000 \u2013 \u201cok\u201d\u2026")).toBe('TSh 25,000 - "ok"...');
    expect(smsEncoding(gsmFriendly("TSh\u00a025,000"))).toBe("gsm7");
    expect(gsmFriendly("10 kΩ")).toBe("10 kΩ");
  });
});
