import type { SiteSettings } from "@/lib/site-settings";

/**
 * The shop's clock. Delivery estimates, the checkout's same-day cut-off and the slip job ask it the
 * time rather than the machine. Tests move it through the site setting `testClock` (an instant),
 * never by changing the machine's clock, and only on a server started with SHOP_TEST_CLOCK=1 (the
 * API tests' and the e2e server's environment): without that flag the setting is refused when saved
 * and ignored when read, so a production shop always runs on the real time.
 */

/** Whether this process honours the test clock (SHOP_TEST_CLOCK=1), read when asked so a test's environment applies. */
export function testClockEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return env.SHOP_TEST_CLOCK === "1";
}

/** The shop's "now": the test clock's instant when it is set and honoured, else `real` (the caller's clock). */
export function shopNow(settings: Pick<SiteSettings, "testClock">, real: Date = new Date()): Date {
  if (!settings.testClock || !testClockEnabled()) return real;
  const at = new Date(settings.testClock);
  return Number.isNaN(at.getTime()) ? real : at;
}
