/**
 * The shapes of the HTTP API, shared by the routes (src/api), which declare their answers with
 * these types, and the browser's client (src/lib/api-client.ts), which reads them. Field names follow
 * the storefront's long-standing JSON (snake_case where the product and cart records always had it).
 */
import type { Advertisement } from "./advertisement";
import type { DeliveryMethod, OrderStatus, PaymentMethod } from "./checkout";
import type { ErrorBody } from "./error-codes";
import type { Locale } from "./locale";
import type { AdminOrderAction, CheckoutQuote, OrderSummary, OrderView, PaymentStart, SavedAddress, TrackingView } from "./orders";
import type { CoinsSummary } from "./coins";
import type { AdminCouponView, CouponRequest, CouponView, UsedCoupon } from "./coupons";
import type { Cart } from "./guest-cart";
import type { Product } from "./product";
import type { RequestBody, RequestKind, RequestStatus } from "./requests";
import type { PublicSiteSettings, SiteSettings } from "./site-settings";
import type { ProductVariant } from "./variants";

export type { ErrorBody };

// ---- catalogue ----------------------------------------------------------------------------
export type {
  CategoriesResponse,
  CategoryWithCount,
  MinimalProductResponse,
  Pagination,
  ProductResponse,
  ProductsResponse,
  SuggestionsResponse,
} from "./contract/catalog";
export type AdvertisementsResponse = Advertisement[];
export interface RotationTimeResponse {
  rotationTime: number;
}
/** `GET /api/admin/settings`: only what the storefront renders (no security policy) */
export interface SettingsResponse {
  success: true;
  settings: PublicSiteSettings;
}
/** `GET /api/admin/settings?full=true` and every write: every setting, for admins */
export interface AdminSettingsResponse {
  success: true;
  settings: SiteSettings;
}
export interface ImageSearchResponse {
  products: Product[];
  /** what the picture was understood as, in the catalogue's words (each one a text search) */
  keywords: string[];
  /** by keyword, what a chip needs beyond it: its Kiswahili words, and the category it names */
  keywordDetails?: Record<string, ImageKeywordDetail>;
}
export interface ImageKeywordDetail {
  /** the keyword in Kiswahili: a category's Kiswahili name, or a word the search reads as the keyword */
  sw?: string;
  /** the keyword is a category's name: its slug (a chip opens the category rather than searching its words) */
  category?: string;
}

// ---- accounts -----------------------------------------------------------------------------
export interface PublicUser {
  id: number;
  email: string;
  name: string;
  role: "user" | "admin";
  isVerified: boolean;
  profile: { fullName: string; phone: string | null; company: string | null };
  /** the language chosen on the account (null: never chosen; the device's choice applies) */
  locale: Locale | null;
}
export interface LocaleResponse {
  success: true;
  locale: Locale;
}
export interface MessageResponse {
  success: true;
  message: string;
}
export type { RegistrationInput as RegisterRequest } from "./auth-rules";
export interface LoginRequest {
  email: string;
  password: string;
  remember?: boolean;
  redirect?: string;
}
/** The error types of the sign-in answer, beside the code: RATE_LIMIT, NOT_VERIFIED or INVALID_CREDENTIALS. */
export type LoginErrorType = "INVALID_CREDENTIALS" | "RATE_LIMIT" | "NOT_VERIFIED";
export interface LoginResponse {
  success: true;
  user: PublicUser;
  error: null;
  type: null;
  redirectTo: string;
}
export type LoginErrorBody = ErrorBody & { success: false; user: null; type: LoginErrorType; redirectTo: null; minutesLeft?: number };
/**
 * POST /api/auth/login for an account with two-step sign-in: the password was right, but no session
 * is open yet. Send the code with `challenge` to POST /api/auth/login/two-factor within
 * `expiresInSeconds` (the challenge works once).
 */
export interface LoginTwoFactorResponse {
  success: false;
  twoFactorRequired: true;
  challenge: string;
  expiresInSeconds: number;
  user: null;
  error: null;
  type: "TWO_FACTOR_REQUIRED";
  redirectTo: null;
}
export interface LoginTwoFactorRequest {
  challenge: string;
  /** six digits from the authenticator app, or a recovery code */
  code: string;
}
export interface SessionResponse {
  success: true;
  authenticated: boolean;
  user: PublicUser | null;
}
export interface LogoutResponse {
  success: true;
  error: null;
}
export interface AccountSession {
  id: number;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
  remember: boolean;
  current: boolean;
}
export interface AccountSessionsResponse {
  success: true;
  sessions: AccountSession[];
}
export interface RevokeOthersResponse {
  success: true;
  closed: number;
}
export interface ProfileRequest {
  fullName: string;
  phone?: string | null;
  company?: string | null;
}
export interface PasswordChangeRequest {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
/** GET /api/account/two-factor */
export interface TwoFactorStatusResponse {
  success: true;
  enabled: boolean;
  recoveryCodesLeft: number;
  /** this account must turn it on before the admin pages open */
  required: boolean;
}
/** POST /api/account/two-factor/setup: scan the QR code or type the secret, then confirm with a code. */
export interface TwoFactorSetupResponse {
  success: true;
  secret: string;
  otpauthUrl: string;
  /** an SVG image of the otpauth URL */
  qrSvg: string;
}
/** POST /api/account/two-factor/confirm and /recovery-codes: the recovery codes, shown this once. */
export interface RecoveryCodesResponse {
  success: true;
  recoveryCodes: string[];
}
/** Turning two-step sign-in off or renewing recovery codes is confirmed by a current code or the password. */
export interface TwoFactorConfirmRequest {
  code?: string;
  password?: string;
}
export interface ResetPasswordRequest {
  token: string;
  password: string;
  confirmPassword: string;
}

// ---- cart ---------------------------------------------------------------------------------
/** The signed-in shopper's cart as the server prices it (GET /api/cart); the browser's guest cart has the same shape. */
export type CartResponse = Cart;
export interface AddToCartRequest {
  productId: number;
  variantId?: string;
  quantity?: number;
}
export interface AddToCartResponse {
  success: true;
  /** the line's quantity after the add */
  quantity: number;
  /** how many this add put in (less than asked when stock ran short) */
  added: number;
  partialStock: boolean;
  message: string | null;
}
export interface SetCartLineRequest {
  itemId: number;
  variantId?: string;
  quantity: number;
}
export interface SetCartLineResponse {
  success: true;
  quantity: number;
  message: string | null;
}
export interface GuestMergeItem {
  productId: number;
  variants: { variantId?: string; quantity: number }[];
}
export interface MergeCartRequest {
  guestCart: GuestMergeItem[] | { items: GuestMergeItem[] };
  mergeId: string;
}
export interface MergeCartResponse {
  success: true;
  merged: { productId: number; variantId: string; quantity: number; partialStock: boolean }[];
  dropped: { productId: number; variantId: string; reason: string }[];
  repeated: boolean;
  cart: CartResponse;
}

// ---- newsletter ---------------------------------------------------------------------------
/** The answer of POST /api/newsletter (the same for every valid address) and of its confirm and unsubscribe calls. */
export interface NewsletterResponse {
  success: true;
  message: string;
}

// ---- checkout and orders ------------------------------------------------------------------
/** POST /api/checkout/quote: the server's figures for a destination and delivery method (either may be unset yet). */
export interface QuoteRequest {
  region?: string | null;
  method?: DeliveryMethod | null;
  /** a coupon code to check against the cart: the quote says its discount or why it does not apply */
  couponCode?: string;
  /** coins to use; the quote answers how many this order can use */
  coinsToSpend?: number;
}
export interface QuoteResponse {
  quote: CheckoutQuote;
}
/** POST /api/orders (Idempotency-Key header): 201 for a new order, 200 for a repeated submit of the same one. */
export interface PlaceOrderResponse {
  order: OrderView;
  /** how to pay now; null for a bank transfer, or when the provider could not be reached (then `paymentError`) */
  payment: PaymentStart | null;
  paymentError: string | null;
}
export interface OrdersResponse {
  orders: OrderSummary[];
}
export interface OrderResponse {
  order: OrderView;
}
export interface PayRequest {
  wallet?: string;
  phone?: string;
}
export interface PayResponse {
  payment: PaymentStart | null;
  paymentError: string | null;
}
export interface AddressesResponse {
  addresses: SavedAddress[];
}
export interface TrackingRequest {
  number: string;
  /** the e-mail or phone number the order was placed with */
  contact: string;
}
export interface TrackingResponse {
  tracking: TrackingView;
}
export type AdminOrderSummary = OrderSummary & { fullName: string; email: string; paymentMethod: PaymentMethod };
export interface AdminOrdersQuery {
  status?: OrderStatus;
  q?: string;
  limit?: number;
  offset?: number;
}
export interface AdminOrdersResponse {
  orders: AdminOrderSummary[];
  total: number;
}
/** An order as the admin sees it: with the actions its state allows. */
export type AdminOrderView = OrderView & { actions: AdminOrderAction[] };
export interface AdminOrderResponse {
  order: AdminOrderView;
}
export interface AdminOrderActionRequest {
  carrier?: string;
  trackingNumber?: string;
  note?: string;
  /** shipping (or handing over) a test order, whose payment went to the sandbox: required, or the answer is 409 confirmation-required */
  confirmTestOrder?: boolean;
}

// --- Account: wishlist, payment choices, notification choices, message centre ---

export interface WishlistIdsResponse {
  productIds: number[];
}
export interface WishlistChangeResponse {
  added?: boolean;
  removed?: boolean;
}
export interface SavedWalletView {
  id: number;
  wallet: string;
  phone: string;
  label: string | null;
  createdAt: string;
}
export interface PaymentPreferencesResponse {
  wallets: SavedWalletView[];
  preferredMethod: PaymentMethod | null;
  offeredMethods: PaymentMethod[];
  walletNames: string[];
}
export interface SaveWalletRequest {
  wallet: string;
  phone: string;
  label?: string | null;
}
export interface NotificationChoicesResponse {
  orderUpdates: true;
  newsletter: "none" | "unconfirmed" | "confirmed";
  marketing: { consent: boolean; since: string | null };
}
export interface SupportThreadView {
  id: number;
  subject: string;
  status: "open" | "answered" | "closed";
  orderNumber: string | null;
  createdAt: string;
  updatedAt: string;
  unread: number;
  messageCount: number;
}
export interface SupportMessageItem {
  id: number;
  author: "customer" | "shop";
  body: string;
  createdAt: string;
  readAt: string | null;
}
export interface SupportThreadResponse {
  thread: SupportThreadView;
  messages: SupportMessageItem[];
}
export interface NewSupportThreadRequest {
  subject: string;
  orderNumber?: string | null;
  body: string;
}

// ---- BOM matching (/ai-agent) ----------------------------------------------------------------
/** POST /api/bom/match: the BOM's lines as the page read them. */
export interface BomMatchRequest {
  lines: { text: string; quantity: number }[];
}
/** A catalogue product for a BOM line: the option and units to buy, and why it was chosen. */
export interface BomMatch {
  id: number;
  name: string;
  slug: string;
  image: string;
  /** of the chosen option, whole TZS per unit */
  price: number;
  stock: number;
  /** the cart line's variantId ("default" for a product without options) */
  variantId: string;
  options: { name: string; value: string }[];
  /** pieces in one unit (a pack of 100 is 100) */
  packSize: number;
  /** units that cover the line's quantity */
  units: number;
  /** 0–100: how fully the line's key tokens agree (0 for a mere similar product) */
  score: number;
  /** part-number, value or description: the key that agreed; similar: a search hit that does not agree */
  reason: "part-number" | "value" | "description" | "similar";
  /** the product for the cart (no description) and the chosen option */
  product: Product;
  variant: ProductVariant | null;
}
export interface BomMatchLine {
  index: number;
  text: string;
  quantity: number;
  status: "matched" | "unmatched";
  best: BomMatch | null;
  alternatives: BomMatch[];
}
export interface BomMatchResponse {
  lines: BomMatchLine[];
}

// --- requests sent through the shop's forms ---------------------------------------------------

/** The body of POST /api/requests: {kind, name, email, phone?, company?, message?, details} (details per kind). */
export type SendRequestBody = RequestBody;

/** POST /api/requests and /api/requests/pcb answer 201 with the request's reference, e.g. RQ-2026-000123. */
export interface SendRequestResponse {
  reference: string;
}

/** A request as the admin's list shows it. */
export interface AdminRequestView {
  id: number;
  reference: string;
  kind: RequestKind;
  status: RequestStatus;
  name: string;
  email: string;
  phone: string | null;
  company: string;
  message: string;
  details: Record<string, unknown>;
  indicativePrice: number | null;
  hasAttachment: boolean;
  attachmentBytes: number | null;
  locale: string;
  createdAt: string;
}

export interface AdminRequestsResponse {
  requests: AdminRequestView[];
  total: number;
}

export interface AdminRequestResponse {
  request: AdminRequestView;
}

// ---- coupons and coins ----------------------------------------------------------------------
/** GET /api/account/coupons: public coupons on offer and the shopper's uses. */
export interface AccountCouponsResponse {
  available: CouponView[];
  used: UsedCoupon[];
}
/** GET /api/account/coins */
export interface AccountCoinsResponse {
  coins: CoinsSummary;
}
/** POST /api/admin/coupons (the days are shop-calendar days, YYYY-MM-DD). */
export type AdminCouponRequest = CouponRequest;
export interface AdminCouponsResponse {
  coupons: AdminCouponView[];
}
export interface AdminCouponResponse {
  coupon: CouponView;
}
