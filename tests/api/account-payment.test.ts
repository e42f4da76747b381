import { describe, expect, it } from "vitest";
import { SAVED_WALLETS_MAX } from "../../src/lib/account";
import { setupApi, shopperCookie, apiClient } from "./harness";

const api = setupApi();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const { call } = apiClient<Json>(api);

const NUMBERS = ["0754 123 456", "0655 123 456", "0784 123 456", "0713 123 456", "0621 123 456", "0767 123 456"];

describe("saved mobile-money numbers and the preferred payment method", () => {
  it("needs a signed-in shopper", async () => {
    expect((await call("GET", "/api/account/payment", null)).status).toBe(401);
    expect((await call("POST", "/api/account/payment/wallets", null, { wallet: "M-Pesa", phone: NUMBERS[0] })).status).toBe(401);
  });

  it("saves a number in E.164 with its wallet and label, once per wallet and number", async () => {
    const cookie = await shopperCookie(api, "payment");
    const start = await call("GET", "/api/account/payment", cookie);
    expect(start.body).toMatchObject({ wallets: [], preferredMethod: null });
    const { paymentSettings } = await api.services.settings.get();
    expect(start.body.walletNames).toEqual(paymentSettings.mobileMoneyProviders);

    const saved = await call("POST", "/api/account/payment/wallets", cookie, { wallet: "M-Pesa", phone: "0754 123 456", label: "My M-Pesa" });
    expect(saved.status).toBe(201);
    expect(saved.body.wallet).toMatchObject({ wallet: "M-Pesa", phone: "+255754123456", label: "My M-Pesa" });
    // the same number again (written another way) is the same entry, with the new label
    const again = await call("POST", "/api/account/payment/wallets", cookie, { wallet: "M-Pesa", phone: "+255 754 123 456", label: null });
    expect(again.body.wallet).toMatchObject({ id: saved.body.wallet.id, label: null });
    expect((await call("GET", "/api/account/payment", cookie)).body.wallets).toHaveLength(1);

    expect((await call("DELETE", `/api/account/payment/wallets/${saved.body.wallet.id}`, cookie)).status).toBe(200);
    expect((await call("DELETE", `/api/account/payment/wallets/${saved.body.wallet.id}`, cookie)).status).toBe(404);
  });

  it("refuses a wallet the shop does not take, a number that is not a Tanzanian mobile, and a long label", async () => {
    const cookie = await shopperCookie(api, "payment");
    const post = (body: unknown) => call("POST", "/api/account/payment/wallets", cookie, body);
    expect((await post({ wallet: "PayPal", phone: NUMBERS[0] })).body).toMatchObject({ code: "validation", field: "wallet" });
    for (const phone of ["0222 123 456", "12345", "+254 712 345 678", "0754 123 45a"])
      expect((await post({ wallet: "M-Pesa", phone })).body).toMatchObject({ code: "validation", field: "phone" });
    expect((await post({ wallet: "M-Pesa", phone: NUMBERS[0], label: "x".repeat(41) })).status).toBe(400);
    expect((await post({ wallet: "M-Pesa", phone: "0754\n123456" })).status).toBe(400);
    expect((await post({ wallet: "M-Pesa" })).status).toBe(400);
    expect((await call("GET", "/api/account/payment", cookie)).body.wallets).toEqual([]);
  });

  it(`keeps at most ${SAVED_WALLETS_MAX} numbers`, async () => {
    const cookie = await shopperCookie(api, "payment");
    for (const phone of NUMBERS.slice(0, SAVED_WALLETS_MAX))
      expect((await call("POST", "/api/account/payment/wallets", cookie, { wallet: "Airtel Money", phone })).status).toBe(201);
    const sixth = await call("POST", "/api/account/payment/wallets", cookie, { wallet: "Airtel Money", phone: NUMBERS[SAVED_WALLETS_MAX] });
    expect(sixth.status).toBe(400);
    expect(sixth.body).toMatchObject({ code: "validation", field: "limit" });
    expect((await call("GET", "/api/account/payment", cookie)).body.wallets).toHaveLength(SAVED_WALLETS_MAX);
  });

  it("keeps another shopper's numbers apart", async () => {
    const owner = await shopperCookie(api, "payment");
    const other = await shopperCookie(api, "payment");
    const saved = await call("POST", "/api/account/payment/wallets", owner, { wallet: "M-Pesa", phone: NUMBERS[0] });
    expect((await call("DELETE", `/api/account/payment/wallets/${saved.body.wallet.id}`, other)).status).toBe(404);
    expect((await call("GET", "/api/account/payment", other)).body.wallets).toEqual([]);
  });

  it("takes as the preferred method only one the shop offers", async () => {
    const cookie = await shopperCookie(api, "payment");
    const settings = await api.services.settings.get();
    const offered = (await call("GET", "/api/account/payment", cookie)).body.offeredMethods as string[];
    expect(offered).toContain("mobile_money");
    expect((await call("PUT", "/api/account/payment/preferred", cookie, { method: "mobile_money" })).body).toEqual({ preferredMethod: "mobile_money" });
    expect((await call("PUT", "/api/account/payment/preferred", cookie, { method: "cash" })).status).toBe(400);

    // a method switched off in the settings is refused, and a preference for it reads as none
    await api.services.settings.save({
      paymentSettings: { ...settings.paymentSettings, methods: settings.paymentSettings.methods.filter((m) => m !== "mobile_money") },
    });
    try {
      const refused = await call("PUT", "/api/account/payment/preferred", cookie, { method: "mobile_money" });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: "validation", field: "preferredMethod" });
      expect((await call("GET", "/api/account/payment", cookie)).body.preferredMethod).toBeNull();
    } finally {
      await api.services.settings.save({ paymentSettings: settings.paymentSettings });
    }
    expect((await call("GET", "/api/account/payment", cookie)).body.preferredMethod).toBe("mobile_money");
    expect((await call("PUT", "/api/account/payment/preferred", cookie, { method: null })).body).toEqual({ preferredMethod: null });
  });
});

describe("notification choices", () => {
  it("says order e-mails are always on, ties the newsletter to the account's address, and dates marketing consent", async () => {
    const cookie = await shopperCookie(api, "notify");
    const email = (await call("GET", "/api/auth/session", cookie)).body.user.email as string;
    expect((await call("GET", "/api/account/notifications", cookie)).body).toEqual({
      orderUpdates: true,
      newsletter: "none",
      marketing: { consent: false, since: null },
    });
    const joined = await call("PUT", "/api/account/notifications", cookie, { newsletter: true, marketing: true });
    expect(joined.body.newsletter).toBe("unconfirmed");
    expect(await api.services.newsletter.status(email)).toBe("unconfirmed");
    expect(joined.body.marketing.consent).toBe(true);
    const since = joined.body.marketing.since as string;
    expect(Date.parse(since)).toBeGreaterThan(Date.now() - 60_000);
    // consent given again keeps its first date
    expect((await call("PUT", "/api/account/notifications", cookie, { marketing: true })).body.marketing.since).toBe(since);

    const left = await call("PUT", "/api/account/notifications", cookie, { newsletter: false, marketing: false });
    expect(left.body).toMatchObject({ newsletter: "none", marketing: { consent: false, since: null } });
    expect(await api.services.newsletter.status(email)).toBe("none");
    expect((await call("PUT", "/api/account/notifications", cookie, { orderUpdates: false })).status).toBe(400);
  });
});
