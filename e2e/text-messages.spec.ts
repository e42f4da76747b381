import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { openAdminPage } from "./admin-session";
import { screenshots, signedInShopper } from "./helpers";
import { keepScreenshot } from "./layout-checks";
import { catalogue } from "./catalogue";

/*
 * Text messages as people see and choose them, on a phone (390 px) in each language: the order's
 * page lists its SMS with where each stands; the account's settings choose SMS, WhatsApp and offers
 * for the profile's number; the opt-out link's page (found, as it is sent, in the text the admin's
 * list shows) changes nothing when opened and stops everything when its button is pressed, and
 * says how to turn messages back on. Then the admin's list of every message and the outbox panel.
 */

const PHONE = { width: 390, height: 844 };

/** A catalogue text with its {placeholders} filled in (plain ones only). */
const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);

/** Places a mobile-money order for one unit of an in-stock product without options, for this number; its number. */
async function apiOrder(request: APIRequestContext, baseURL: string, phone: string): Promise<string> {
  const headers = { origin: baseURL };
  const list = (await (await request.get("/api/products?limit=60&sortBy=price&sortOrder=desc")).json()) as {
    products: { id: number; stock_quantity: number; variant_config: unknown; price: number }[];
  };
  const product = list.products.find((p) => p.stock_quantity > 3 && !p.variant_config && p.price < 500_000)!;
  expect((await request.post("/api/cart", { headers, data: { productId: product.id, quantity: 1 } })).ok()).toBe(true);
  const placed = await request.post("/api/orders", {
    headers: { ...headers, "idempotency-key": randomUUID() },
    data: {
      fullName: "Neema Ujumbe",
      phone,
      delivery: { method: "courier", region: "dar-es-salaam", district: "Kinondoni", street: "Haile Selassie Road" },
      payment: { method: "mobile_money", wallet: "Airtel Money", phone },
    },
  });
  expect(placed.status()).toBe(201);
  return ((await placed.json()) as { order: { number: string } }).order.number;
}

/**
 * The opt-out link the shop put in a text message to `e164`, read from the admin's list of messages
 * (the text as queued: at night the message waits for the morning, and the sandbox has no file yet).
 * A link's token starts with the number in base 36.
 */
async function stopLinkTo(admin: Page, e164: string): Promise<string> {
  const prefix = `/stop/${BigInt(e164.replace(/\D/g, "")).toString(36)}-`;
  let found: string | undefined;
  await expect
    .poll(async () => {
      const answer = await admin.request.get("/api/admin/text-messages?channel=sms&pageSize=100");
      const { messages } = (await answer.json()) as { messages: { text: string | null }[] };
      const link = messages.map((m) => m.text && new RegExp(`https?://\\S+${prefix}[A-Za-z0-9_-]{11}`).exec(m.text)?.[0]).find(Boolean);
      found = link ? new URL(link).pathname : undefined;
      return found;
    })
    .toBeTruthy();
  return found!;
}

async function checkbox(page: Page, label: string) {
  return page.getByTestId("text-message-settings").getByRole("checkbox", { name: label, exact: true });
}

for (const [index, locale] of (["en", "sw"] as const).entries())
  test(`the order's text messages, the account's choices and the opt-out link (${locale}, 390 px)`, async ({ page, baseURL, browser }) => {
    test.slow();
    const o = catalogue(locale, "orders").textMessages;
    const a = catalogue(locale, "account");
    await page.setViewportSize(PHONE);
    await page.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);
    const tail = String((Date.now() + index * 7919) % 1_000_000).padStart(6, "0");
    const phone = { typed: `0716 ${tail.slice(0, 3)} ${tail.slice(3)}`, e164: `+255716${tail}` };
    const masked = `+2557******${tail.slice(-2)}`;
    const headers = { origin: baseURL! };
    await signedInShopper(page, `texts-${locale}-${Date.now()}@example.co.tz`, "Neema Ujumbe");

    // without a number on the profile there is nothing to choose: the settings say where to add it
    await page.goto("/account/settings#text-messages");
    await expect(page.getByTestId("text-messages-no-phone")).toContainText(a.textMessages.noPhone);
    await expect(page.getByTestId("text-messages-no-phone").getByRole("link", { name: a.textMessages.noPhoneLink })).toHaveAttribute("href", "/account");
    expect((await page.request.post("/api/account/profile", { headers, data: { fullName: "Neema Ujumbe", phone: phone.typed, company: null } })).ok()).toBe(
      true,
    );

    // the order's page: its SMS, with the event in words, the masked number and where it stands
    const number = await apiOrder(page.request, baseURL!, phone.typed);
    await page.goto(`/account/orders/${number}`);
    const messages = page.getByTestId("order-messages");
    await expect(page.getByRole("heading", { name: o.title, exact: true })).toBeVisible();
    const placed = messages.locator('li[data-event="order-placed"]');
    await expect(placed).toHaveAttribute("data-channel", "sms");
    await expect(placed).toContainText(o.event["order-placed"]);
    await expect(placed).toContainText(fill(o.to, { channel: "SMS", number: masked }));
    // sent within a second by day; at night (21:00 to 07:00 in Dar es Salaam) it waits for the morning
    await expect(placed).toHaveAttribute("data-status", /^(queued|waiting|sent|delivered)$/);
    const status = (await placed.getAttribute("data-status"))!;
    await expect(placed).toContainText(o.status[status]);
    await keepScreenshot(page, "order-text-messages", locale, { fullPage: true });

    // the account's choices: SMS on, WhatsApp and offers off until chosen
    await page.goto("/account/settings#text-messages");
    const settings = page.getByTestId("text-message-settings");
    await expect(settings).toContainText(fill(a.textMessages.intro, { phone: `+255\u00a0716\u00a0${tail.slice(0, 3)}\u00a0${tail.slice(3)}` }));
    const sms = await checkbox(page, a.textMessages.sms);
    const whatsapp = await checkbox(page, a.textMessages.whatsapp);
    const offers = await checkbox(page, a.textMessages.marketing);
    await expect(sms).toBeChecked();
    await expect(whatsapp).not.toBeChecked();
    await expect(offers).not.toBeChecked();
    await whatsapp.check();
    await expect(page.getByText(a.textMessages.saved).first()).toBeVisible();
    await expect(whatsapp).toBeChecked();
    await page.reload();
    await expect(await checkbox(page, a.textMessages.whatsapp)).toBeChecked();
    await keepScreenshot(page, "account-text-messages", locale, { fullPage: true });

    // the opt-out link: opening it changes nothing (link previewers open links); the button stops everything
    const admin = await openAdminPage(browser);
    const stopPath = await stopLinkTo(admin, phone.e164);
    await admin.context().close();
    await page.goto(stopPath);
    await expect(page.getByRole("heading", { name: a.stop.title })).toBeVisible();
    await expect(page.getByTestId("stop-number")).toHaveText(fill(a.stop.intro, { phone: masked }));
    const button = page.getByRole("button", { name: a.stop.button });
    await expect(button).toBeVisible();
    await keepScreenshot(page, "stop-messages", locale, { fullPage: true });
    await page.goto("/account/settings#text-messages");
    await expect(await checkbox(page, a.textMessages.sms)).toBeChecked();
    await expect(await checkbox(page, a.textMessages.whatsapp)).toBeChecked();

    await page.goto(stopPath);
    await page.getByRole("button", { name: a.stop.button }).click();
    await expect(page.getByRole("status").filter({ hasText: fill(a.stop.done, { phone: masked }) })).toBeVisible();
    await expect(page.getByTestId("stop-messages-done")).toContainText(a.stop.turnBackOn);
    await expect(page.getByRole("button", { name: a.stop.button })).toHaveCount(0);
    await keepScreenshot(page, "stop-messages-done", locale, { fullPage: true });
    await page.getByRole("link", { name: a.stop.settingsLink }).click();
    await expect(page).toHaveURL(/\/account\/settings#text-messages$/);
    for (const label of [a.textMessages.sms, a.textMessages.whatsapp, a.textMessages.marketing]) await expect(await checkbox(page, label)).not.toBeChecked();
    // offers go by SMS: they cannot be chosen while SMS is off
    await expect(await checkbox(page, a.textMessages.marketing)).toBeDisabled();
    await expect(page.getByTestId("text-message-settings")).toContainText(a.textMessages.marketingNeedsSms);
    await (await checkbox(page, a.textMessages.sms)).check();
    await expect(await checkbox(page, a.textMessages.sms)).toBeChecked();
    await expect(await checkbox(page, a.textMessages.marketing)).toBeEnabled();

    // a link whose signature is not the shop's offers nothing to press
    await page.goto("/stop/1a2b3c-AAAAAAAAAAA");
    await expect(page.getByTestId("stop-invalid")).toHaveText(a.stop.invalid);
    await expect(page.getByRole("button", { name: a.stop.button })).toHaveCount(0);
  });

test("the admin's text messages: who carries them (the sandbox, said plainly), the list with its filters, an order's messages, the outbox panel", async ({
  browser,
  baseURL,
  page,
}) => {
  test.slow();
  const t = catalogue("en", "admin").textMessages;
  const o = catalogue("en", "orders").textMessages;
  // an order with its SMS, by a shopper
  await signedInShopper(page, `texts-admin-${Date.now()}@example.co.tz`, "Asha Ujumbe");
  const tail = String(Date.now() % 1_000_000).padStart(6, "0");
  const number = await apiOrder(page.request, baseURL!, `0717 ${tail.slice(0, 3)} ${tail.slice(3)}`);

  const admin = await openAdminPage(browser);
  await admin.goto("/admin");
  await admin.getByRole("link", { name: t.title, exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/text-messages$/);
  await expect(admin.getByRole("heading", { name: t.title, level: 1 })).toBeVisible();
  for (const channel of ["sms", "whatsapp"])
    await expect(admin.getByTestId("text-providers").locator(`li[data-channel="${channel}"]`)).toHaveAttribute("data-provider", "sandbox");
  const note = admin.getByTestId("sandbox-note");
  await expect(note).toHaveAttribute("data-channels", "sms whatsapp");
  await expect(note).toContainText("SMS and WhatsApp go to the built-in sandbox");
  await expect(note).toContainText("nothing reaches anyone's phone");
  const rows = admin.getByTestId("text-message-row");
  await expect(rows.first()).toBeVisible();

  // by event: only the order-placed messages, this order's among them with its link
  await admin.getByLabel(t.event).selectOption("order-placed");
  await admin.getByLabel(t.channel).selectOption("sms");
  await admin.getByRole("button", { name: t.apply }).click();
  await expect(admin).toHaveURL(/channel=sms/);
  await expect(admin).toHaveURL(/event=order-placed/);
  await expect(rows.first()).toBeVisible();
  for (const event of await rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-event")))) expect(event).toBe("order-placed");
  const mine = rows.filter({ has: admin.getByRole("link", { name: number }) });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(number);

  // the order's own page: its messages with the outbox's details
  await mine.getByRole("link", { name: number }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/orders/${number}$`));
  await expect(admin.getByTestId("order-messages").locator('li[data-event="order-placed"]')).toContainText(o.event["order-placed"]);
  await screenshots(admin, "admin-order-text-messages");
  await admin.goto("/admin/text-messages");
  await screenshots(admin, "admin-text-messages");

  // the outbox view: the text messages' counts per channel and state beside the mail's
  await admin.goto("/siem-dashboard");
  const panel = admin.getByTestId("text-outbox");
  await expect(panel.getByRole("heading", { name: t.outboxTitle })).toBeVisible();
  await expect(panel.locator('tr[data-channel="sms"]')).toContainText(t.provider.sandbox);
  await expect(panel.getByRole("link", { name: t.all })).toHaveAttribute("href", "/admin/text-messages");
  await panel.scrollIntoViewIfNeeded();
  await keepScreenshot(admin, "siem-text-outbox", "en");
  await admin.context().close();
});
