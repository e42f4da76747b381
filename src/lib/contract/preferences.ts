import { z } from "zod";
import { WALLET_LABEL_MAX } from "../account";
import { PAYMENT_METHODS } from "../checkout";
import { successResponseSchema } from "./common";
import { text } from "./fields";

/**
 * The signed-in shopper's choices (/api/account/payment, /api/account/notifications): saved
 * mobile-money numbers, the preferred payment method, and the notification choices.
 */

// ---- requests ------------------------------------------------------------------------------

/** POST /api/account/payment/wallets */
export const saveWalletRequestSchema = z
  .object({ wallet: text("wallet", 40, { min: 1 }), phone: text("phone", 32, { min: 1 }), label: text("label", WALLET_LABEL_MAX).nullish() })
  .strict();
export type SaveWalletRequest = z.input<typeof saveWalletRequestSchema>;

/** PUT /api/account/payment/preferred (null: no preference) */
export const preferredMethodRequestSchema = z.object({ method: z.enum(PAYMENT_METHODS).nullable() }).strict();
export type PreferredMethodRequest = z.input<typeof preferredMethodRequestSchema>;

/** PUT /api/account/notifications: either choice, or both */
export const notificationChoicesRequestSchema = z.object({ newsletter: z.boolean().optional(), marketing: z.boolean().optional() }).strict();
export type NotificationChoicesRequest = z.input<typeof notificationChoicesRequestSchema>;

// ---- answers -------------------------------------------------------------------------------

export const savedWalletSchema = z.object({
  id: z.number().int(),
  wallet: z.string(),
  /** E.164 */
  phone: z.string(),
  label: z.string().nullable(),
  createdAt: z.string(),
});
export type SavedWalletView = z.input<typeof savedWalletSchema>;

/** GET /api/account/payment */
export const paymentPreferencesResponseSchema = z.object({
  wallets: z.array(savedWalletSchema),
  preferredMethod: z.enum(PAYMENT_METHODS).nullable(),
  /** the methods the shop offers now: the preferred one must be one of them */
  offeredMethods: z.array(z.enum(PAYMENT_METHODS)),
  /** the mobile-money wallets the shop takes */
  walletNames: z.array(z.string()),
});
export type PaymentPreferencesResponse = z.input<typeof paymentPreferencesResponseSchema>;

/** POST /api/account/payment/wallets: 201 with the saved number */
export const saveWalletResponseSchema = z.object({ wallet: savedWalletSchema });
export type SaveWalletResponse = z.input<typeof saveWalletResponseSchema>;

/** DELETE /api/account/payment/wallets/:id */
export const removeWalletResponseSchema = successResponseSchema;
export type RemoveWalletResponse = z.input<typeof removeWalletResponseSchema>;

/** PUT /api/account/payment/preferred */
export const preferredMethodResponseSchema = z.object({ preferredMethod: z.enum(PAYMENT_METHODS).nullable() });
export type PreferredMethodResponse = z.input<typeof preferredMethodResponseSchema>;

/** GET and PUT /api/account/notifications */
export const notificationChoicesResponseSchema = z.object({
  /** order e-mails (placed, paid, shipped, cancelled) are transactional: always sent */
  orderUpdates: z.literal(true),
  newsletter: z.enum(["none", "unconfirmed", "confirmed"]),
  marketing: z.object({ consent: z.boolean(), since: z.string().nullable() }),
});
export type NotificationChoicesResponse = z.input<typeof notificationChoicesResponseSchema>;
