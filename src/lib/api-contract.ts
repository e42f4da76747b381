/**
 * The shapes of the HTTP API, shared by the routes (src/api), which declare their answers with
 * these types, and the browser's client (src/lib/api-client.ts), which reads them. Field names follow
 * the storefront's long-standing JSON (snake_case where the product and cart records always had it).
 */
import type { ErrorBody } from "./error-codes";

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
  ConfirmPhoneRequest,
  ConfirmPhoneResponse,
  PhoneCodeRequest,
  PhoneCodeResponse,
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
export type {
  AdminOrderActionRequest,
  AdminOrderResponse,
  AdminOrdersQuery,
  AdminOrdersResponse,
  AdminOrderSummary,
  AdminOrderView,
} from "./contract/admin-orders";

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
  AdminOrderTextMessagesResponse,
  AdminTextMessage,
  AdminTextMessagesQuery,
  AdminTextMessagesResponse,
  MessagePreferencesRequest,
  MessagePreferencesResponse,
  OrderTextMessage,
  OrderTextMessagesResponse,
  StopMessagesRequest,
  StopMessagesResponse,
} from "./contract/text-messages";
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
export type { AdminRequestResponse, AdminRequestsQuery, AdminRequestsResponse, AdminRequestView, RequestStatusRequest } from "./contract/admin-requests";

// ---- coupons and coins ----------------------------------------------------------------------
export type { AccountCouponsResponse, AccountCoinsResponse } from "./contract/rewards";
export type { AdminCouponRequest, AdminCouponResponse, AdminCouponsResponse, CouponActiveRequest } from "./contract/admin-coupons";

// ---- the admin's other areas -------------------------------------------------------------------
export type { AdminThreadResponse, AdminThreadsQuery, AdminThreadsResponse, AdminThreadSummary, ThreadStatusRequest } from "./contract/admin-messages";
export type { SettingsWriteRequest } from "./contract/admin-settings";
