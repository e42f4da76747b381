import type { Services } from "../../src/server/services";
import type { FakeClickPesa } from "./fake-clickpesa";
import { buildTestApi, type ApiHarness } from "./harness";

/**
 * The shop with ClickPesa as its payment provider, speaking to the fake: its own services and API
 * on the harness's database (the harness's own instance pays in the sandbox). The caller closes it.
 */
export function clickPesaShop(harness: ApiHarness, fake: FakeClickPesa) {
  return buildTestApi(harness, { config: { payments: { clickpesa: { ...fake.credentials, baseUrl: fake.url } } } });
}

/** The shopper entered the PIN: the fake's side says SUCCESS and its signed callback reaches the shop, which marks the order paid. */
export async function payAtClickPesa(shop: { services: Services }, fake: FakeClickPesa, paymentReference: string): Promise<void> {
  fake.setStatus(paymentReference, "SUCCESS");
  const hook = fake.webhook(paymentReference);
  await shop.services.payments.handleCallback("clickpesa", hook, JSON.stringify(hook), { "content-type": "application/json" }, null);
}
