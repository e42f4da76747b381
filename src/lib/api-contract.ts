/**
 * The shapes of the HTTP API, shared by the routes (src/api), which declare their answers with
 * these types, and the browser's client (src/lib/api-client.ts), which reads them. Field names follow
 * the storefront's long-standing JSON (snake_case where the product and cart records always had it).
 */
import type { OrderStatus, PaymentMethod } from "./checkout";
import type { ErrorBody } from "./error-codes";
import type { AdminOrderAction, OrderSummary, OrderView } from "./orders";
import type { AdminCouponView, CouponRequest, CouponView } from "./coupons";
import type { RequestKind, RequestStatus } from "./requests";

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
export type { AdvertisementsQuery, AdvertisementsResponse, RotationTimeResponse } from "./contract/ads";
export type { AdminSettingsResponse, SettingsQuery, SettingsResponse } from "./contract/settings";
export type { ImageKeywordDetail, ImageSearchResponse } from "./contract/image-search";

// ---- accounts -----------------------------------------------------------------------------
export type { MessageResponse } from "./contract/common";
export type { LocaleRequest, LocaleResponse } from "./contract/locale";
export type {
  ForgotPasswordRequest,
  LoginErrorBody,
  LoginErrorType,
  LoginRequest,
  LoginResponse,
  LoginTwoFactorRequest,
  LoginTwoFactorResponse,
  LogoutResponse,
  PublicUser,
  RegisterRequest,
  ResendVerificationRequest,
  ResetPasswordRequest,
  SessionResponse,
  VerifyRequest,
} from "./contract/auth";
export type {
  AccountSession,
  AccountSessionsResponse,
  PasswordChangeRequest,
  ProfileRequest,
  RecoveryCodesResponse,
  RevokeOthersResponse,
  TwoFactorConfirmRequest,
  TwoFactorEnrolRequest,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from "./contract/account";

// ---- cart ---------------------------------------------------------------------------------
export type {
  AddToCartRequest,
  AddToCartResponse,
  CartResponse,
  GuestMergeItem,
  MergeCartRequest,
  MergeCartResponse,
  RemoveCartLineQuery,
  SetCartLineRequest,
  SetCartLineResponse,
} from "./contract/cart";

// ---- newsletter ---------------------------------------------------------------------------
export type { NewsletterRequest, NewsletterResponse, NewsletterTokenRequest } from "./contract/newsletter";

// ---- checkout and orders ------------------------------------------------------------------
export type {
  AddressesResponse,
  OrderResponse,
  OrdersResponse,
  PayRequest,
  PayResponse,
  PlaceOrderRequest,
  PlaceOrderResponse,
  QuoteRequest,
  QuoteResponse,
  TrackingRequest,
  TrackingResponse,
} from "./contract/orders";
export type { PaymentStatusResponse, SandboxDecisionResponse, WebhookResponse } from "./contract/payments";
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

export type {
  WishlistAddResponse,
  WishlistClearResponse,
  WishlistIdsResponse,
  WishlistItemsResponse,
  WishlistQuery,
  WishlistRemoveResponse,
} from "./contract/wishlist";
export type {
  NotificationChoicesRequest,
  NotificationChoicesResponse,
  PaymentPreferencesResponse,
  PreferredMethodRequest,
  PreferredMethodResponse,
  RemoveWalletResponse,
  SaveWalletRequest,
  SaveWalletResponse,
  SavedWalletView,
} from "./contract/preferences";
export type {
  InboxResponse,
  NewSupportThreadRequest,
  OrderUpdate,
  SupportMessageItem,
  SupportReplyRequest,
  SupportThreadResponse,
  SupportThreadView,
} from "./contract/messages";

// ---- BOM matching (/ai-agent) ----------------------------------------------------------------
export type { BomMatch, BomMatchLine, BomMatchRequest, BomMatchResponse } from "./contract/sourcing";

// --- requests sent through the shop's forms ---------------------------------------------------

export type { SendRequestBody, SendRequestResponse } from "./contract/requests";

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
export type { AccountCouponsResponse, AccountCoinsResponse } from "./contract/rewards";
/** POST /api/admin/coupons (the days are shop-calendar days, YYYY-MM-DD). */
export type AdminCouponRequest = CouponRequest;
export interface AdminCouponsResponse {
  coupons: AdminCouponView[];
}
export interface AdminCouponResponse {
  coupon: CouponView;
}
