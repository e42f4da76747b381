/**
 * The browser's client of the shop's HTTP API: one function per endpoint, typed with the shapes
 * the routes declare (./api-contract), one time limit and abort policy, and one error type that
 * carries the server's error code. Components call these functions; none calls fetch('/api/...').
 */
import type {
  MessagePreferencesRequest,
  MessagePreferencesResponse,
  StopMessagesResponse,
  AccountCoinsResponse,
  AccountCouponsResponse,
  AdminCouponRequest,
  AdminCouponResponse,
  AdminCouponsResponse,
  AdminSettingsResponse,
  AccountSessionsResponse,
  AddToCartRequest,
  AddToCartResponse,
  CartResponse,
  CategoriesResponse,
  ImageSearchResponse,
  LocaleResponse,
  LoginErrorType,
  LoginRequest,
  LoginResponse,
  LoginTwoFactorRequest,
  LoginTwoFactorResponse,
  LogoutResponse,
  MergeCartRequest,
  MergeCartResponse,
  MessageResponse,
  MinimalProductResponse,
  NewsletterResponse,
  PasswordChangeRequest,
  ProductResponse,
  ProductsResponse,
  ProfileRequest,
  RegisterRequest,
  ResetPasswordRequest,
  RecoveryCodesResponse,
  RevokeOthersResponse,
  SessionResponse,
  SetCartLineRequest,
  SetCartLineResponse,
  SuggestionsResponse,
  TwoFactorConfirmRequest,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
  AddressesResponse,
  AdminOrderActionRequest,
  AdminOrderResponse,
  AdminOrdersQuery,
  AdminOrdersResponse,
  OrderResponse,
  OrdersResponse,
  PayRequest,
  PayResponse,
  PlaceOrderResponse,
  PhoneCodeRequest,
  PhoneCodeResponse,
  ConfirmPhoneRequest,
  ConfirmPhoneResponse,
  PaymentStatusResponse,
  QuoteRequest,
  QuoteResponse,
  TrackingRequest,
  TrackingResponse,
  NewSupportThreadRequest,
  NotificationChoicesResponse,
  PaymentPreferencesResponse,
  SaveWalletRequest,
  SupportThreadResponse,
  WishlistAddResponse,
  WishlistRemoveResponse,
  SaveWalletResponse,
  RemoveWalletResponse,
  PreferredMethodResponse,
  NotificationChoicesRequest,
  TwoFactorEnrolRequest,
  WishlistIdsResponse,
  BomMatchRequest,
  BomMatchResponse,
  AdminRequestResponse,
  AdminThreadResponse,
  SendRequestBody,
  SendRequestResponse,
} from "./api-contract";
import type { AdminDatasheetResponse, DatasheetLinkRequest } from "./contract/datasheets";
import type { AdminProductChangeRequest, AdminProductChangeResponse } from "./admin-catalog";
import type { ImportResult, PicturesResult, UndoResult } from "./catalog-import";
import type { ImportsResponse } from "./contract/admin-imports";
import type {
  AdminQuestionResponse,
  AnswerCreatedResponse,
  AnswerRequest,
  ModerateRequest,
  QuestionCreatedResponse,
  QuestionListResponse,
  QuestionRequest,
  ReportRequest,
} from "./contract/reviews";
import type {
  ArchiveResponse,
  ProductCreateRequest,
  ProductCreateResponse,
  ProductDetailsRequest,
  ProductDetailsResponse,
  ProductImageResponse,
  VariantPlanRequest,
  VariantPlanResponse,
} from "./contract/admin-products";
import type { ProductPricingRequest, ProductPricingResponse } from "./contract/price-breaks";
import type {
  RecordedPaymentsResponse,
  RecordPaymentRequest,
  ReversePaymentRequest,
  StaffLinkResponse,
  StaffLookupResponse,
  StaffOrderRequest,
  StaffOrderResponse,
} from "./contract/admin-staff-orders";
import type { AdminBrand, AdminCategory, BrandRequest, CategoryOrderResponse, CategoryRequest, MergeResponse } from "./contract/admin-taxonomy";
import type { AdMediaResponse, AdRequest } from "./contract/admin-ads";
import type { ChecklistResponse } from "./contract/admin-checklist";
import type {
  AdminSpecAttributeBody,
  AttributeDeleteResponse,
  AttributeOrderResponse,
  CategoryAttributesResponse,
  SpecAttributeRequest,
} from "./contract/admin-specs";
import type { FacetsResponse } from "./contract/specs";
import type { AdminAdvertisement } from "./advertisement";
import type { AdminLockResponse, AdminUnlockResponse } from "./security-log";
import type { SiteSettingKey, SiteSettings } from "./site-settings";
import type { PaymentMethod } from "./checkout";
import type { RequestStatus } from "./requests";
import type { AdminOrderAction, CheckoutRequest } from "./orders";
import type { RefundListResponse, RefundRequest, RefundResponse, RefundTransferRequest, StoreCreditResponse } from "./contract/refunds";
import type {
  AdminCancelWaitingRequest,
  BackOrderPlanRequest,
  CancelWaitingRequest,
  CancelWaitingResponse,
  OrderPartsResponse,
  PayBalanceRequest,
  ProductBackOrdersResponse,
  ShipRequest,
} from "./contract/back-orders";
import type { BackOrderOffer, BackOrderPlan } from "./back-orders";
import type { AdminReturnView, DecideReturnRequest, ProductWarrantyResponse, ReturnOptions, ReturnRequest, ReturnView } from "./contract/returns";
import type {
  CashCollector,
  CashDayResponse,
  CashHandoverRequest,
  CollectRequest,
  DeliveryOutcomeResponse,
  RefuseRequest,
  RiderDeliveriesResponse,
  RidersResponse,
} from "./contract/on-delivery";
import type {
  AwaitedProductsResponse,
  IncomingStockRequest,
  IncomingStockResponse,
  ProductStockAlertsResponse,
  StockAlertCancelRequest,
  StockAlertConfirmRequest,
  StockAlertRequest,
  StockAlertResponse,
  StockAlertStateResponse,
} from "./contract/stock-alerts";
import type { DeliveryEstimateResponse } from "./contract/delivery-estimate";
import type {
  AdminReviewListResponse,
  AdminReviewResponse,
  HelpfulResponse,
  ModerationListQuery,
  OwnReviewResponse,
  ReportedResponse,
  ReviewListQuery,
  ReviewListResponse,
  ReviewRequest,
} from "./contract/reviews";
import type { DeliveryMethod } from "./checkout";
import { codeForStatus, isErrorCode, type ErrorBody, type ErrorCode } from "./error-codes";
import type { Locale } from "./locale";
import { productQueryParams, type ProductQuery } from "./product-query";

/** How long a call may take before it is given up (a slow mobile network, not a dead one). */
export const DEFAULT_TIMEOUT_MS = 15_000;
/** Sign-in gives up after 10 s and the session check after 5 s. */
export const LOGIN_TIMEOUT_MS = 10_000;
export const SESSION_TIMEOUT_MS = 5_000;
/** An image upload over a slow connection needs longer. */
export const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * Why a call failed: `http` (the server answered with an error; `code` says which), `network`
 * (no answer: offline, DNS, connection reset), `timeout` (no answer in time) or `aborted` (the
 * caller cancelled it, e.g. a newer search replaced it).
 */
export type ApiFailure = "http" | "network" | "timeout" | "aborted";

export class ApiError extends Error {
  constructor(
    readonly kind: ApiFailure,
    message: string,
    /** the HTTP status, 0 when no answer came */
    readonly status = 0,
    /** the server's error code (from the status when the answer had none); null when no answer came */
    readonly code: ErrorCode | null = null,
    /** the whole error answer, for fields beside {error, code} (e.g. a sign-in's `type`) */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** The server's own message, when it sent one. */
  get serverMessage(): string | null {
    return typeof this.body.error === "string" && this.body.error ? this.body.error : null;
  }
}

/** An error answer of one code, its body narrowed to the fields that code carries (src/lib/error-codes.ts). */
export type ApiErrorOf<C extends ErrorCode> = ApiError & { readonly code: C; readonly body: Record<string, unknown> & Partial<ErrorBody<C>> };

export function isApiError(error: unknown): error is ApiError;
export function isApiError<C extends ErrorCode>(error: unknown, code: C): error is ApiErrorOf<C>;
export function isApiError(error: unknown, code?: ErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/**
 * The form field an error answer refused, and why: from a `validation`, `invalid-input` or
 * `too-large` answer that names one; null for any other failure (the form then shows the message).
 */
export function refusedField(error: unknown): { field: string; reason: string | null } | null {
  if (!(isApiError(error, "validation") || isApiError(error, "invalid-input") || isApiError(error, "too-large"))) return null;
  const { field, reason } = error.body;
  return typeof field === "string" && field ? { field, reason: typeof reason === "string" && reason ? reason : null } : null;
}

export interface CallOptions {
  /** cancels the call (the answer is then an ApiError of kind "aborted") */
  signal?: AbortSignal;
  timeoutMs?: number;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

async function call<T>(
  method: Method,
  path: string,
  options: CallOptions & { query?: URLSearchParams; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  // the caller's signal and the time limit both end the request (AbortSignal.any is too new for older phones)
  const onAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener("abort", onAbort, { once: true });

  const query = options.query?.toString();
  const url = query ? `${path}?${query}` : path;
  const headers: Record<string, string> = { ...options.headers, accept: "application/json" };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;

  try {
    const res = await fetch(url, { method, headers, body, signal: controller.signal, credentials: "same-origin", cache: "no-store" });
    const data: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const fields = data && typeof data === "object" ? (data as Record<string, unknown>) : {};
      const code = isErrorCode(fields.code) ? fields.code : codeForStatus(res.status);
      const message = typeof fields.error === "string" && fields.error ? fields.error : `HTTP ${res.status}`;
      throw new ApiError("http", message, res.status, code, fields);
    }
    return data as T;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw new ApiError("timeout", "The request timed out");
    if (controller.signal.aborted) throw new ApiError("aborted", "The request was cancelled");
    throw new ApiError("network", error instanceof Error ? error.message : "Network error");
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
  }
}

/** The sign-in error type of a failed sign-in (the server's, else from how it failed). */
export function loginFailureType(error: unknown): LoginErrorType | "NETWORK_ERROR" | "TIMEOUT" {
  if (error instanceof ApiError) {
    if (error.kind === "timeout") return "TIMEOUT";
    if (error.kind === "network" || error.kind === "aborted") return "NETWORK_ERROR";
    const type = error.body.type;
    if (type === "RATE_LIMIT" || type === "NOT_VERIFIED" || type === "INVALID_CREDENTIALS") return type;
  }
  return "INVALID_CREDENTIALS";
}

/**
 * A review's multipart body: the text fields first, the photos last in fields named photos, so the
 * server has read the fields when they arrive.
 */
function reviewForm(body: ReviewRequest, photos: Blob[]): FormData {
  const form = new FormData();
  form.append("rating", String(body.rating));
  form.append("title", body.title ?? "");
  form.append("body", body.body ?? "");
  form.append("locale", body.locale);
  // one field per photo kept; keeping none is one empty value (no field at all keeps every photo)
  if (body.keepPhotos) for (const kept of body.keepPhotos.length ? body.keepPhotos : [""]) form.append("keepPhotos", kept);
  if (body.orderLink) form.append("orderLink", body.orderLink);
  photos.forEach((photo, i) => form.append("photos", photo, `review-photo-${i + 1}.jpg`));
  return form;
}

/** Sends a request through POST /api/requests; the answer is its reference (e.g. RQ-2026-000123). */
export function sendRequest(body: SendRequestBody, options?: CallOptions): Promise<SendRequestResponse> {
  return call<SendRequestResponse>("POST", "/api/requests", { ...options, json: body });
}

export const api = {
  /**
   * When an order placed now would arrive: a method, the region (not for pick-up), and the products
   * it is for (a product not in stock starts the dates at its incoming day).
   */
  deliveryEstimate: (query: { method: DeliveryMethod; region?: string | null; productIds?: readonly number[] }, options?: CallOptions) => {
    const params = new URLSearchParams({ method: query.method });
    if (query.region) params.set("region", query.region);
    if (query.productIds?.length) params.set("productIds", query.productIds.join(","));
    return call<DeliveryEstimateResponse>("GET", "/api/delivery-estimate", { ...options, query: params });
  },
  catalog: {
    products: (query: ProductQuery, options?: CallOptions) => call<ProductsResponse>("GET", "/api/products", { ...options, query: productQueryParams(query) }),
    product: (id: number, options?: CallOptions) =>
      call<ProductResponse>("GET", `/api/products/${id}`, { ...options, query: new URLSearchParams({ minimal: "false" }) }),
    minimalProduct: (id: number, options?: CallOptions) =>
      call<MinimalProductResponse>("GET", `/api/products/${id}`, { ...options, query: new URLSearchParams({ minimal: "true" }) }),
    categories: (options?: CallOptions) => call<CategoriesResponse>("GET", "/api/categories", options),
    /** the chosen category's spec filters with counts for the same selection as `products` */
    facets: (query: ProductQuery, options?: CallOptions) => call<FacetsResponse>("GET", "/api/facets", { ...options, query: productQueryParams(query) }),
    suggestions: (q: string, options?: CallOptions) =>
      call<SuggestionsResponse>("GET", "/api/search-suggestions", { ...options, query: new URLSearchParams({ q }) }),
    /** Search by image: one picture, sent as multipart in the field `image`. */
    searchByImage: (image: Blob, fileName: string, options?: CallOptions) => {
      const form = new FormData();
      form.append("image", image, fileName);
      return call<ImageSearchResponse>("POST", "/api/image-search", { timeoutMs: UPLOAD_TIMEOUT_MS, ...options, form });
    },
  },
  auth: {
    session: (options?: CallOptions) => call<SessionResponse>("GET", "/api/auth/session", { timeoutMs: SESSION_TIMEOUT_MS, ...options }),
    /** Signed in, or (for an account with two-step sign-in) a challenge to send with the code to `loginTwoFactor`. */
    login: (body: LoginRequest, options?: CallOptions) =>
      call<LoginResponse | LoginTwoFactorResponse>("POST", "/api/auth/login", { timeoutMs: LOGIN_TIMEOUT_MS, ...options, json: body }),
    loginTwoFactor: (body: LoginTwoFactorRequest, options?: CallOptions) =>
      call<LoginResponse>("POST", "/api/auth/login/two-factor", { timeoutMs: LOGIN_TIMEOUT_MS, ...options, json: body }),
    logout: (options?: CallOptions) => call<LogoutResponse>("POST", "/api/auth/logout", { ...options, json: {} }),
    register: (body: RegisterRequest, options?: CallOptions) => call<MessageResponse>("POST", "/api/auth/register", { ...options, json: body }),
    verify: (token: string, options?: CallOptions) => call<MessageResponse>("POST", "/api/auth/verify", { ...options, json: { token } }),
    /** `redirect`: where the new link brings the shopper back to after sign-in (a path on the shop) */
    resendVerification: (email: string, redirect?: string | null, options?: CallOptions) =>
      call<MessageResponse>("POST", "/api/auth/resend-verification", { ...options, json: { email, redirect: redirect ?? undefined } }),
    forgotPassword: (email: string, options?: CallOptions) => call<MessageResponse>("POST", "/api/auth/forgot-password", { ...options, json: { email } }),
    resetPassword: (body: ResetPasswordRequest, options?: CallOptions) => call<MessageResponse>("POST", "/api/auth/reset-password", { ...options, json: body }),
  },
  account: {
    sessions: (options?: CallOptions) => call<AccountSessionsResponse>("GET", "/api/account/sessions", options),
    revokeOtherSessions: (options?: CallOptions) => call<RevokeOthersResponse>("POST", "/api/account/sessions/revoke-others", { ...options, json: {} }),
    saveProfile: (body: ProfileRequest, options?: CallOptions) => call<MessageResponse>("POST", "/api/account/profile", { ...options, json: body }),
    changePassword: (body: PasswordChangeRequest, options?: CallOptions) => call<MessageResponse>("POST", "/api/account/password", { ...options, json: body }),
    twoFactorStatus: (options?: CallOptions) => call<TwoFactorStatusResponse>("GET", "/api/account/two-factor", options),
    twoFactorSetup: (options?: CallOptions) => call<TwoFactorSetupResponse>("POST", "/api/account/two-factor/setup", { ...options, json: {} }),
    twoFactorConfirm: (body: TwoFactorEnrolRequest, options?: CallOptions) =>
      call<RecoveryCodesResponse>("POST", "/api/account/two-factor/confirm", { ...options, json: body }),
    twoFactorDisable: (body: TwoFactorConfirmRequest, options?: CallOptions) =>
      call<MessageResponse>("POST", "/api/account/two-factor/disable", { ...options, json: body }),
    regenerateRecoveryCodes: (body: TwoFactorConfirmRequest, options?: CallOptions) =>
      call<RecoveryCodesResponse>("POST", "/api/account/two-factor/recovery-codes", { ...options, json: body }),
  },
  cart: {
    get: (options?: CallOptions) => call<CartResponse>("GET", "/api/cart", options),
    add: (body: AddToCartRequest, options?: CallOptions) => call<AddToCartResponse>("POST", "/api/cart", { ...options, json: body }),
    setLine: (body: SetCartLineRequest, options?: CallOptions) => call<SetCartLineResponse>("PATCH", "/api/cart", { ...options, json: body }),
    removeLine: (itemId: number, variantId: string, options?: CallOptions) =>
      call<MessageResponse>("DELETE", "/api/cart", { ...options, query: new URLSearchParams({ itemId: String(itemId), variantId }) }),
    clear: (options?: CallOptions) => call<MessageResponse>("DELETE", "/api/cart", options),
    merge: (body: MergeCartRequest, options?: CallOptions) => call<MergeCartResponse>("POST", "/api/cart/merge", { ...options, json: body }),
  },
  /** Remembers the shopper's language (a cookie, and the account when signed in). */
  locale: {
    set: (locale: Locale, options?: CallOptions) => call<LocaleResponse>("POST", "/api/locale", { ...options, json: { locale } }),
  },
  newsletter: {
    subscribe: (email: string, options?: CallOptions) => call<NewsletterResponse>("POST", "/api/newsletter", { ...options, json: { email } }),
    /** the button of the confirmation link's page */
    confirm: (token: string, options?: CallOptions) => call<NewsletterResponse>("POST", "/api/newsletter/confirm", { ...options, json: { token } }),
    /** the button of the unsubscribe link's page */
    unsubscribe: (token: string, options?: CallOptions) => call<NewsletterResponse>("POST", "/api/newsletter/unsubscribe", { ...options, json: { token } }),
  },
  /** The checkout: the server's figures for a destination, saved addresses, placing the order. */
  checkout: {
    quote: (body: QuoteRequest, options?: CallOptions) => call<QuoteResponse>("POST", "/api/checkout/quote", { ...options, json: body }),
    addresses: (options?: CallOptions) => call<AddressesResponse>("GET", "/api/account/addresses", options),
    /**
     * Places the order. `idempotencyKey` is made once per checkout attempt and sent again with a retry
     * of the same request, so a repeated submit finds the first order instead of placing a second.
     */
    place: (body: CheckoutRequest, idempotencyKey: string, options?: CallOptions) =>
      call<PlaceOrderResponse>("POST", "/api/orders", { ...options, json: body, headers: { "idempotency-key": idempotencyKey } }),
    /** Sends a guest a one-time code by SMS, to confirm the number the order is placed with. */
    phoneCode: (body: PhoneCodeRequest, options?: CallOptions) => call<PhoneCodeResponse>("POST", "/api/checkout/phone-code", { ...options, json: body }),
  },
  /** A guest's order, reached by the signed link (/o/<token>) sent by SMS. */
  guestOrders: {
    get: (token: string, options?: CallOptions) => call<OrderResponse>("GET", `/api/guest-orders/${encodeURIComponent(token)}`, options),
    cancel: (token: string, options?: CallOptions) =>
      call<OrderResponse>("POST", `/api/guest-orders/${encodeURIComponent(token)}/cancel`, { ...options, json: {} }),
    pay: (token: string, body: PayRequest, options?: CallOptions) =>
      call<PayResponse>("POST", `/api/guest-orders/${encodeURIComponent(token)}/pay`, { ...options, json: body }),
    payment: (token: string, reference: string, options?: CallOptions) =>
      call<PaymentStatusResponse>("GET", `/api/guest-orders/${encodeURIComponent(token)}/payments/${encodeURIComponent(reference)}`, options),
    /** the order in parts (lines awaiting stock, shipments sent) */
    parts: (token: string, options?: CallOptions) => call<OrderPartsResponse>("GET", `/api/guest-orders/${encodeURIComponent(token)}/back-orders`, options),
    /** the balance of an order paid by deposit, once asked for (answered like `pay`) */
    payBalance: (token: string, body: PayBalanceRequest = {}, options?: CallOptions) =>
      call<PayResponse>("POST", `/api/guest-orders/${encodeURIComponent(token)}/pay-balance`, { ...options, json: body }),
  },
  /** The account's mobile number, confirmed by a code (which moves the orders placed as a guest with it into the account). */
  phone: {
    sendCode: (body: PhoneCodeRequest, options?: CallOptions) => call<PhoneCodeResponse>("POST", "/api/account/phone-code", { ...options, json: body }),
    confirm: (body: ConfirmPhoneRequest, options?: CallOptions) => call<ConfirmPhoneResponse>("POST", "/api/account/phone", { ...options, json: body }),
  },
  /** The signed-in shopper's orders. */
  orders: {
    list: (options?: CallOptions) => call<OrdersResponse>("GET", "/api/orders", options),
    get: (number: string, options?: CallOptions) => call<OrderResponse>("GET", `/api/orders/${encodeURIComponent(number)}`, options),
    cancel: (number: string, options?: CallOptions) =>
      call<OrderResponse>("POST", `/api/orders/${encodeURIComponent(number)}/cancel`, { ...options, json: {} }),
    /** Asks for the payment again, with another wallet or number if given. */
    pay: (number: string, body: PayRequest, options?: CallOptions) =>
      call<PayResponse>("POST", `/api/orders/${encodeURIComponent(number)}/pay`, { ...options, json: body }),
    /** a payment of the shopper's (the order's, or its balance's) as the waiting screen follows it */
    payment: (reference: string, options?: CallOptions) => call<PaymentStatusResponse>("GET", `/api/payments/${encodeURIComponent(reference)}`, options),
  },
  /** /ai-agent: a whole BOM matched to catalogue products in one call (200 lines take seconds: a longer time limit). */
  sourcing: {
    match: (body: BomMatchRequest, options?: CallOptions) => call<BomMatchResponse>("POST", "/api/bom/match", { timeoutMs: 60_000, ...options, json: body }),
  },
  /** /tracking: an order's timeline by its number and the e-mail or phone it was placed with. */
  tracking: {
    find: (body: TrackingRequest, options?: CallOptions) => call<TrackingResponse>("POST", "/api/tracking", { ...options, json: body }),
  },
  /** What visitors send through the shop's forms (contact, services, supplier, quote, sourcing). */
  requests: {
    send: (body: SendRequestBody, options?: CallOptions) => sendRequest(body, options),
    /**
     * A PCB request with its Gerber ZIP, as multipart: the text fields first (details as JSON), the
     * file last, so the server has read the fields when the file arrives.
     */
    sendPcb: (body: SendRequestBody, gerber: Blob, fileName: string, options?: CallOptions) => {
      const form = new FormData();
      form.append("name", body.name);
      form.append("email", body.email);
      if (body.phone) form.append("phone", body.phone);
      if (body.company) form.append("company", body.company);
      if (body.message) form.append("message", body.message);
      form.append("details", JSON.stringify(body.details));
      form.append("gerber", gerber, fileName);
      return call<SendRequestResponse>("POST", "/api/requests/pcb", { timeoutMs: UPLOAD_TIMEOUT_MS, ...options, form });
    },
  },
  adminRequests: {
    setStatus: (id: number, status: RequestStatus, options?: CallOptions) =>
      call<AdminRequestResponse>("POST", `/api/admin/requests/${id}/status`, { ...options, json: { status } }),
  },
  adminOrders: {
    list: (query: AdminOrdersQuery, options?: CallOptions) => {
      const params = new URLSearchParams();
      if (query.status) params.set("status", query.status);
      if (query.q) params.set("q", query.q);
      if (query.limit !== undefined) params.set("limit", String(query.limit));
      if (query.offset !== undefined) params.set("offset", String(query.offset));
      return call<AdminOrdersResponse>("GET", "/api/admin/orders", { ...options, query: params });
    },
    get: (number: string, options?: CallOptions) => call<AdminOrderResponse>("GET", `/api/admin/orders/${encodeURIComponent(number)}`, options),
    act: (number: string, action: AdminOrderAction, body: AdminOrderActionRequest = {}, options?: CallOptions) =>
      call<AdminOrderResponse>("POST", `/api/admin/orders/${encodeURIComponent(number)}/${action}`, { ...options, json: body }),
  },
  /** Returns and warranty claims: an order's offer and its returns, a request with photos (multipart), the admin's steps. */
  returns: {
    options: (number: string, orderLink?: string, options?: CallOptions) =>
      call<ReturnOptions>("GET", `/api/orders/${encodeURIComponent(number)}/returns`, {
        ...options,
        query: orderLink ? new URLSearchParams({ orderLink }) : undefined,
      }),
    /** The fields first (lines and checklist as JSON), the photos last in fields named photos. */
    request: (number: string, body: ReturnRequest, photos: Blob[], options?: CallOptions) => {
      const form = new FormData();
      form.append("lines", JSON.stringify(body.lines));
      form.append("reason", body.reason);
      form.append("returnMethod", body.returnMethod);
      form.append("checklist", JSON.stringify(body.checklist));
      if (body.orderLink) form.append("orderLink", body.orderLink);
      photos.forEach((photo, i) => form.append("photos", photo, `photo-${i + 1}.jpg`));
      return call<{ return: ReturnView }>("POST", `/api/orders/${encodeURIComponent(number)}/returns`, { timeoutMs: UPLOAD_TIMEOUT_MS, ...options, form });
    },
    adminStep: (number: string, step: "approve" | "receive" | "inspect", note?: string, options?: CallOptions) =>
      call<{ return: AdminReturnView }>("POST", `/api/admin/returns/${encodeURIComponent(number)}/${step}`, { ...options, json: note ? { note } : {} }),
    refuse: (number: string, reason: string, options?: CallOptions) =>
      call<{ return: AdminReturnView }>("POST", `/api/admin/returns/${encodeURIComponent(number)}/refuse`, { ...options, json: { reason } }),
    setWarranty: (productId: number, warrantyDays: number | null, options?: CallOptions) =>
      call<ProductWarrantyResponse>("PUT", `/api/admin/products/${productId}/warranty`, { ...options, json: { warrantyDays } }),
    decide: (number: string, body: DecideReturnRequest, options?: CallOptions) =>
      call<{ return: AdminReturnView }>("POST", `/api/admin/returns/${encodeURIComponent(number)}/decide`, { ...options, json: body }),
  },
  /**
   * A product's reviews: the published list with its rating summary (and the viewer's own review and
   * whether they may write one), writing or editing one's own (multipart, photos last), marking one
   * helpful, reporting one.
   */
  reviews: {
    list: (productId: number, query: ReviewListQuery = {}, options?: CallOptions) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== "") params.set(key, String(value));
      return call<ReviewListResponse>("GET", `/api/products/${productId}/reviews`, { ...options, query: params });
    },
    /** a guest writes with `orderLink` (their order's signed link token) instead of a sign-in */
    create: (productId: number, body: ReviewRequest, photos: Blob[], options?: CallOptions) =>
      call<OwnReviewResponse>("POST", `/api/products/${productId}/reviews`, { timeoutMs: UPLOAD_TIMEOUT_MS, ...options, form: reviewForm(body, photos) }),
    /** edits the viewer's own review: `keepPhotos` lists the photos it keeps, new ones are added */
    update: (productId: number, body: ReviewRequest, photos: Blob[], options?: CallOptions) =>
      call<OwnReviewResponse>("PUT", `/api/products/${productId}/reviews/mine`, { timeoutMs: UPLOAD_TIMEOUT_MS, ...options, form: reviewForm(body, photos) }),
    /** toggles the viewer's "helpful" mark */
    helpful: (productId: number, reviewId: number, options?: CallOptions) =>
      call<HelpfulResponse>("POST", `/api/products/${productId}/reviews/${reviewId}/helpful`, { ...options, json: {} }),
    report: (productId: number, reviewId: number, reason?: string, options?: CallOptions) =>
      call<ReportedResponse>("POST", `/api/products/${productId}/reviews/${reviewId}/report`, { ...options, json: reason ? { reason } : {} }),
  },
  /** The admin's moderation of reviews: reported first, then the oldest waiting; publish, hide with a reason, the shop's public answer. */
  adminReviews: {
    list: (query: ModerationListQuery = {}, options?: CallOptions) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
      return call<AdminReviewListResponse>("GET", "/api/admin/reviews", { ...options, query: params });
    },
    moderate: (id: number, body: ModerateRequest, options?: CallOptions) =>
      call<AdminReviewResponse>("POST", `/api/admin/reviews/${id}/moderate`, { ...options, json: body }),
    /** an empty body removes the answer */
    answer: (id: number, body: string, options?: CallOptions) =>
      call<AdminReviewResponse>("PUT", `/api/admin/reviews/${id}/answer`, { ...options, json: { body } }),
  },
  /** Back-orders: a product's offer beyond its stock, the checkout's plan, an order's parts, shipping in parts, cancelling the waiting part. */
  backOrders: {
    offer: (productId: number, variantId: string, options?: CallOptions) =>
      call<BackOrderOffer>("GET", "/api/back-orders/offer", { ...options, query: new URLSearchParams({ productId: String(productId), variantId }) }),
    plan: (body: BackOrderPlanRequest, options?: CallOptions) => call<BackOrderPlan>("POST", "/api/checkout/back-orders", { ...options, json: body }),
    parts: (number: string, options?: CallOptions) => call<OrderPartsResponse>("GET", `/api/orders/${encodeURIComponent(number)}/back-orders`, options),
    cancelWaiting: (number: string, body: CancelWaitingRequest = {}, options?: CallOptions) =>
      call<CancelWaitingResponse>("POST", `/api/orders/${encodeURIComponent(number)}/back-orders/cancel`, { ...options, json: body }),
    /** the balance of an order paid by deposit, once asked for (answered like `orders.pay`) */
    payBalance: (number: string, body: PayBalanceRequest = {}, options?: CallOptions) =>
      call<PayResponse>("POST", `/api/orders/${encodeURIComponent(number)}/pay-balance`, { ...options, json: body }),
    adminParts: (number: string, options?: CallOptions) =>
      call<OrderPartsResponse>("GET", `/api/admin/orders/${encodeURIComponent(number)}/shipments`, options),
    ship: (number: string, body: ShipRequest, options?: CallOptions) =>
      call<OrderPartsResponse>("POST", `/api/admin/orders/${encodeURIComponent(number)}/shipments`, { ...options, json: body }),
    adminCancelWaiting: (number: string, body: AdminCancelWaitingRequest = {}, options?: CallOptions) =>
      call<CancelWaitingResponse>("POST", `/api/admin/orders/${encodeURIComponent(number)}/back-orders/cancel`, { ...options, json: body }),
    setAllowed: (productId: number, allowBackorder: boolean, options?: CallOptions) =>
      call<ProductBackOrdersResponse>("PUT", `/api/admin/products/${productId}/back-orders`, { ...options, json: { allowBackorder } }),
  },
  /** Refunds of an order (the admin's refund panel) and the shopper's store credit. */
  refunds: {
    list: (number: string, options?: CallOptions) => call<RefundListResponse>("GET", `/api/admin/orders/${encodeURIComponent(number)}/refunds`, options),
    /** `idempotencyKey` is made once per refund form and sent again with a retry, so a double submit refunds once */
    create: (number: string, body: RefundRequest, idempotencyKey: string, options?: CallOptions) =>
      call<RefundResponse>("POST", `/api/admin/orders/${encodeURIComponent(number)}/refunds`, {
        ...options,
        json: body,
        headers: { "idempotency-key": idempotencyKey },
      }),
    /** records the bank transfer of a refund the shop asked for itself (a back-order's) */
    recordTransfer: (number: string, refund: number, body: RefundTransferRequest, options?: CallOptions) =>
      call<RefundResponse>("POST", `/api/admin/orders/${encodeURIComponent(number)}/refunds/${refund}/transfer`, { ...options, json: body }),
    storeCredit: (options?: CallOptions) => call<StoreCreditResponse>("GET", "/api/account/store-credit", options),
  },
  /** Orders staff take for a customer (/admin/orders/new) and how staff get them paid. */
  staffOrders: {
    /** a one-time code to the customer's number; read back on the call, it confirms the number (pay on delivery needs it) */
    sendCode: (body: PhoneCodeRequest, options?: CallOptions) =>
      call<PhoneCodeResponse>("POST", "/api/admin/staff-orders/phone-code", { ...options, json: body }),
    lookup: (phone: string, options?: CallOptions) =>
      call<StaffLookupResponse>("GET", "/api/admin/staff-orders/lookup", { ...options, query: new URLSearchParams({ phone }) }),
    /** `idempotencyKey` is made once per screen and sent again with a retry, so a double submit places one order */
    place: (body: StaffOrderRequest, idempotencyKey: string, options?: CallOptions) =>
      call<StaffOrderResponse>("POST", "/api/admin/staff-orders", { ...options, json: body, headers: { "idempotency-key": idempotencyKey } }),
    prompt: (number: string, body: PayRequest = {}, options?: CallOptions) =>
      call<PayResponse>("POST", `/api/admin/staff-orders/${encodeURIComponent(number)}/prompt`, { ...options, json: body }),
    link: (number: string, channel: "sms" | "whatsapp", options?: CallOptions) =>
      call<StaffLinkResponse>("POST", `/api/admin/staff-orders/${encodeURIComponent(number)}/link`, { ...options, json: { channel } }),
    record: (number: string, body: RecordPaymentRequest, options?: CallOptions) =>
      call<RecordedPaymentsResponse>("POST", `/api/admin/staff-orders/${encodeURIComponent(number)}/recorded-payments`, { ...options, json: body }),
    reverse: (number: string, body: ReversePaymentRequest, options?: CallOptions) =>
      call<RecordedPaymentsResponse>("POST", `/api/admin/staff-orders/${encodeURIComponent(number)}/recorded-payments/reverse`, {
        ...options,
        json: body,
      }),
  },
  /** The signed-in rider's pay-on-delivery orders: the money taken at the door, or the goods refused. */
  rider: {
    deliveries: (options?: CallOptions) => call<RiderDeliveriesResponse>("GET", "/api/rider/deliveries", options),
    collect: (number: string, body: CollectRequest, options?: CallOptions) =>
      call<DeliveryOutcomeResponse>("POST", `/api/rider/deliveries/${encodeURIComponent(number)}/collect`, { ...options, json: body }),
    refuse: (number: string, body: RefuseRequest, options?: CallOptions) =>
      call<DeliveryOutcomeResponse>("POST", `/api/rider/deliveries/${encodeURIComponent(number)}/refuse`, { ...options, json: body }),
  },
  /** The admin's side of pay on delivery: riders, who is one, and the day's cash per collector. */
  adminDeliveries: {
    riders: (options?: CallOptions) => call<RidersResponse>("GET", "/api/admin/riders", options),
    setRole: (userId: number, role: "user" | "rider", options?: CallOptions) =>
      call<{ id: number; role: "user" | "rider" | "admin" }>("PUT", `/api/admin/customers/${userId}/role`, { ...options, json: { role } }),
    cashDay: (day?: string, options?: CallOptions) =>
      call<CashDayResponse>("GET", "/api/admin/cash", { ...options, query: new URLSearchParams(day ? { day } : {}) }),
    handover: (body: CashHandoverRequest, options?: CallOptions) =>
      call<{ collector: CashCollector }>("POST", "/api/admin/cash/handovers", { ...options, json: body }),
  },
  /** "Notify me" on a sold-out product or option (a guest's phone confirmed by a code), and the alert link's cancel. */
  stockAlerts: {
    subscribe: (body: StockAlertRequest, options?: CallOptions) => call<StockAlertResponse>("POST", "/api/stock-alerts", { ...options, json: body }),
    confirm: (body: StockAlertConfirmRequest, options?: CallOptions) =>
      call<StockAlertStateResponse>("POST", "/api/stock-alerts/confirm", { ...options, json: body }),
    cancel: (body: StockAlertCancelRequest, options?: CallOptions) =>
      call<StockAlertStateResponse>("POST", "/api/stock-alerts/cancel", { ...options, json: body }),
  },
  /** Questions on a product page: the answered ones (filtered by `q`), asking, answering (the shop or a verified buyer), reporting; the admin's moderation. */
  questions: {
    list: (productId: number, query: { q?: string; limit?: number; offset?: number } = {}, options?: CallOptions) => {
      const params = new URLSearchParams();
      if (query.q) params.set("q", query.q);
      if (query.limit !== undefined) params.set("limit", String(query.limit));
      if (query.offset !== undefined) params.set("offset", String(query.offset));
      return call<QuestionListResponse>("GET", `/api/products/${productId}/questions`, { ...options, query: params });
    },
    ask: (productId: number, body: QuestionRequest, options?: CallOptions) =>
      call<QuestionCreatedResponse>("POST", `/api/products/${productId}/questions`, { ...options, json: body }),
    answer: (productId: number, questionId: number, body: AnswerRequest, options?: CallOptions) =>
      call<AnswerCreatedResponse>("POST", `/api/products/${productId}/questions/${questionId}/answers`, { ...options, json: body }),
    report: (productId: number, questionId: number, body: ReportRequest = {}, options?: CallOptions) =>
      call<{ reported: true }>("POST", `/api/products/${productId}/questions/${questionId}/report`, { ...options, json: body }),
    moderate: (questionId: number, body: ModerateRequest, options?: CallOptions) =>
      call<AdminQuestionResponse>("POST", `/api/admin/questions/${questionId}/moderate`, { ...options, json: body }),
    moderateAnswer: (answerId: number, body: ModerateRequest, options?: CallOptions) =>
      call<AdminQuestionResponse>("POST", `/api/admin/answers/${answerId}/moderate`, { ...options, json: body }),
  },
  /** The admin's side of "notify me": who waits per product, the most awaited, a product's incoming stock. */
  adminStockAlerts: {
    awaited: (limit?: number, options?: CallOptions) =>
      call<AwaitedProductsResponse>("GET", `/api/admin/stock-alerts/awaited${limit ? `?limit=${limit}` : ""}`, options),
    ofProduct: (id: number, options?: CallOptions) => call<ProductStockAlertsResponse>("GET", `/api/admin/products/${id}/stock-alerts`, options),
    setIncoming: (id: number, body: IncomingStockRequest, options?: CallOptions) =>
      call<IncomingStockResponse>("PUT", `/api/admin/products/${id}/incoming`, { ...options, json: body }),
  },
  /** The signed-in shopper's wishlist: the ids (for the hearts), add and remove. */
  wishlist: {
    ids: (options?: CallOptions) => call<WishlistIdsResponse>("GET", "/api/wishlist", options),
    add: (productId: number, options?: CallOptions) => call<WishlistAddResponse>("PUT", `/api/wishlist/${productId}`, { ...options, json: {} }),
    remove: (productId: number, options?: CallOptions) => call<WishlistRemoveResponse>("DELETE", `/api/wishlist/${productId}`, options),
  },
  /** Saved mobile-money numbers, the preferred payment method, notification choices. */
  preferences: {
    payment: (options?: CallOptions) => call<PaymentPreferencesResponse>("GET", "/api/account/payment", options),
    addWallet: (body: SaveWalletRequest, options?: CallOptions) => call<SaveWalletResponse>("POST", "/api/account/payment/wallets", { ...options, json: body }),
    removeWallet: (id: number, options?: CallOptions) => call<RemoveWalletResponse>("DELETE", `/api/account/payment/wallets/${id}`, options),
    setPreferredMethod: (method: PaymentMethod | null, options?: CallOptions) =>
      call<PreferredMethodResponse>("PUT", "/api/account/payment/preferred", { ...options, json: { method } }),
    setNotifications: (body: NotificationChoicesRequest, options?: CallOptions) =>
      call<NotificationChoicesResponse>("PUT", "/api/account/notifications", { ...options, json: body }),
  },
  /** Text messages (SMS, WhatsApp): the opt-out link's stop, and the account's choices for its phone number. */
  textMessages: {
    /** the button of a /stop/<token> link's page */
    stop: (token: string, options?: CallOptions) => call<StopMessagesResponse>("POST", "/api/messages/stop", { ...options, json: { token } }),
    choices: (options?: CallOptions) => call<MessagePreferencesResponse>("GET", "/api/account/message-preferences", options),
    setChoices: (body: MessagePreferencesRequest, options?: CallOptions) =>
      call<MessagePreferencesResponse>("PUT", "/api/account/message-preferences", { ...options, json: body }),
  },
  /** The message centre: the shopper's side and the admins' answers. */
  messages: {
    create: (body: NewSupportThreadRequest, options?: CallOptions) => call<SupportThreadResponse>("POST", "/api/messages", { ...options, json: body }),
    reply: (id: number, body: string, options?: CallOptions) => call<SupportThreadResponse>("POST", `/api/messages/${id}`, { ...options, json: { body } }),
    adminReply: (id: number, body: string, options?: CallOptions) =>
      call<AdminThreadResponse>("POST", `/api/admin/messages/${id}`, { ...options, json: { body } }),
    adminSetStatus: (id: number, status: "open" | "closed", options?: CallOptions) =>
      call<AdminThreadResponse>("POST", `/api/admin/messages/${id}/status`, { ...options, json: { status } }),
  },
  /** The signed-in shopper's coupons and loyalty coins (a code is checked against the cart by `checkout.quote`). */
  rewards: {
    coupons: (options?: CallOptions) => call<AccountCouponsResponse>("GET", "/api/account/coupons", options),
    coins: (options?: CallOptions) => call<AccountCoinsResponse>("GET", "/api/account/coins", options),
  },
  /** The admin's catalogue: a price or stock change with its reason (kept in the product's audit trail). */
  adminCatalog: {
    change: (id: number, body: AdminProductChangeRequest, options?: CallOptions) =>
      call<AdminProductChangeResponse>("PATCH", `/api/admin/products/${id}`, { ...options, json: body }),
    create: (body: ProductCreateRequest, options?: CallOptions) => call<ProductCreateResponse>("POST", "/api/admin/products", { ...options, json: body }),
    updateDetails: (id: number, body: ProductDetailsRequest, options?: CallOptions) =>
      call<ProductDetailsResponse>("PUT", `/api/admin/products/${id}/details`, { ...options, json: body }),
    /** a product's prices by quantity and pack size, replaced as a whole */
    setPricing: (id: number, body: ProductPricingRequest, options?: CallOptions) =>
      call<ProductPricingResponse>("PUT", `/api/admin/products/${id}/pricing`, { ...options, json: body }),
    setVariants: (id: number, body: VariantPlanRequest, options?: CallOptions) =>
      call<VariantPlanResponse>("PUT", `/api/admin/products/${id}/variants`, { ...options, json: body }),
    setArchived: (id: number, archived: boolean, reason: string, options?: CallOptions) =>
      call<ArchiveResponse>("POST", `/api/admin/products/${id}/archive`, { ...options, json: { archived, reason } }),
    uploadImage: (file: Blob, options?: CallOptions) => {
      const form = new FormData();
      form.append("file", file);
      return call<ProductImageResponse>("POST", "/api/admin/products/image", { timeoutMs: UPLOAD_TIMEOUT_MS, ...options, form });
    },
    /** a sheet of products (CSV or XLSX): every line's outcome; written as one batch unless a dry run */
    importSheet: (file: Blob, flags: { dryRun: boolean; createCategories: boolean; skipRefused: boolean }, options?: CallOptions) => {
      const form = new FormData();
      form.append("file", file);
      const query = new URLSearchParams({
        dryRun: String(flags.dryRun),
        createCategories: String(flags.createCategories),
        skipRefused: String(flags.skipRefused),
      });
      return call<ImportResult>("POST", "/api/admin/products/import", { timeoutMs: 300_000, ...options, form, query });
    },
    /** a ZIP of pictures named by SKU */
    importPictures: (file: Blob, options?: CallOptions) => {
      const form = new FormData();
      form.append("file", file);
      return call<PicturesResult>("POST", "/api/admin/products/pictures", { timeoutMs: 900_000, ...options, form });
    },
    imports: (options?: CallOptions) => call<ImportsResponse>("GET", "/api/admin/imports", options),
    undoImport: (id: number, options?: CallOptions) => call<UndoResult>("POST", `/api/admin/imports/${id}/undo`, { timeoutMs: 300_000, ...options }),
  },
  /** A product's datasheet as the admin keeps it: a manufacturer's PDF, a spec sheet made from the shop's data, the manufacturer's link. */
  adminDatasheets: {
    get: (id: number, options?: CallOptions) => call<AdminDatasheetResponse>("GET", `/api/admin/products/${id}/datasheet`, options),
    upload: (id: number, file: Blob, options?: CallOptions) => {
      const form = new FormData();
      form.append("file", file);
      return call<AdminDatasheetResponse>("POST", `/api/admin/products/${id}/datasheet`, { timeoutMs: UPLOAD_TIMEOUT_MS * 2, ...options, form });
    },
    remove: (id: number, options?: CallOptions) => call<AdminDatasheetResponse>("DELETE", `/api/admin/products/${id}/datasheet`, options),
    setLink: (id: number, manufacturerUrl: string | null, options?: CallOptions) =>
      call<AdminDatasheetResponse>("PUT", `/api/admin/products/${id}/datasheet/link`, { ...options, json: { manufacturerUrl } satisfies DatasheetLinkRequest }),
    generate: (id: number, options?: CallOptions) => call<AdminDatasheetResponse>("POST", `/api/admin/products/${id}/datasheet/generate`, options),
  },
  adminTaxonomy: {
    /** answers the category as stored (without its product count) */
    createCategory: (body: CategoryRequest, options?: CallOptions) => call<AdminCategory>("POST", "/api/admin/categories", { ...options, json: body }),
    renameCategory: (id: number, body: CategoryRequest, options?: CallOptions) =>
      call<AdminCategory>("PUT", `/api/admin/categories/${id}`, { ...options, json: body }),
    reorder: (ids: number[], options?: CallOptions) => call<CategoryOrderResponse>("POST", "/api/admin/categories/order", { ...options, json: { ids } }),
    mergeCategory: (id: number, into: number, options?: CallOptions) =>
      call<MergeResponse>("POST", `/api/admin/categories/${id}/merge`, { ...options, json: { into } }),
    /** answers the brand as stored (without its product count) */
    createBrand: (body: BrandRequest, options?: CallOptions) => call<AdminBrand>("POST", "/api/admin/brands", { ...options, json: body }),
    renameBrand: (id: number, body: BrandRequest, options?: CallOptions) => call<AdminBrand>("PUT", `/api/admin/brands/${id}`, { ...options, json: body }),
    mergeBrand: (id: number, into: number, options?: CallOptions) =>
      call<MergeResponse>("POST", `/api/admin/brands/${id}/merge`, { ...options, json: { into } }),
  },
  /** A category's attribute definitions (the product form's spec values go with its details). */
  adminSpecs: {
    list: (categoryId: number, options?: CallOptions) => call<CategoryAttributesResponse>("GET", `/api/admin/categories/${categoryId}/attributes`, options),
    create: (categoryId: number, body: SpecAttributeRequest, options?: CallOptions) =>
      call<AdminSpecAttributeBody>("POST", `/api/admin/categories/${categoryId}/attributes`, { ...options, json: body }),
    update: (categoryId: number, id: number, body: SpecAttributeRequest, options?: CallOptions) =>
      call<AdminSpecAttributeBody>("PUT", `/api/admin/categories/${categoryId}/attributes/${id}`, { ...options, json: body }),
    reorder: (categoryId: number, ids: number[], options?: CallOptions) =>
      call<AttributeOrderResponse>("POST", `/api/admin/categories/${categoryId}/attributes/order`, { ...options, json: { ids } }),
    /** `force`: delete the values products carry for it too (refused without, while there are any) */
    remove: (categoryId: number, id: number, flags: { force: boolean }, options?: CallOptions) =>
      call<AttributeDeleteResponse>("DELETE", `/api/admin/categories/${categoryId}/attributes/${id}`, {
        ...options,
        query: new URLSearchParams({ force: String(flags.force) }),
      }),
  },
  adminChecklist: {
    /** what a live shop still needs (the dashboard's first-day checklist) */
    get: (options?: CallOptions) => call<ChecklistResponse>("GET", "/api/admin/checklist", options),
  },
  adminAds: {
    create: (ad: AdRequest, options?: CallOptions) => call<AdminAdvertisement>("POST", "/api/admin/ads", { ...options, json: ad }),
    update: (id: number, ad: AdRequest, options?: CallOptions) => call<AdminAdvertisement>("PUT", `/api/admin/ads/${id}`, { ...options, json: ad }),
    remove: (id: number, options?: CallOptions) => call<void>("DELETE", `/api/admin/ads/${id}`, options),
    upload: (file: Blob, options?: CallOptions) => {
      const form = new FormData();
      form.append("file", file);
      return call<AdMediaResponse>("POST", "/api/admin/ads/media", { timeoutMs: 120_000, ...options, form });
    },
  },
  adminSettings: {
    save: (settings: Partial<SiteSettings>, options?: CallOptions) =>
      call<AdminSettingsResponse>("POST", "/api/admin/settings", { ...options, json: { settings } }),
    reset: (keys: SiteSettingKey[], options?: CallOptions) => call<AdminSettingsResponse>("POST", "/api/admin/settings", { ...options, json: { reset: keys } }),
    resetAll: (options?: CallOptions) => call<AdminSettingsResponse>("POST", "/api/admin/settings", { ...options, json: { reset: true } }),
  },
  adminSecurity: {
    lock: (email: string, reason: string, options?: CallOptions) =>
      call<AdminLockResponse>("POST", "/api/admin/security/lock", { ...options, json: { email, reason } }),
    unlock: (email: string, options?: CallOptions) => call<AdminUnlockResponse>("POST", "/api/admin/security/unlock", { ...options, json: { email } }),
  },
  adminCoupons: {
    list: (options?: CallOptions) => call<AdminCouponsResponse>("GET", "/api/admin/coupons", options),
    create: (body: AdminCouponRequest, options?: CallOptions) => call<AdminCouponResponse>("POST", "/api/admin/coupons", { ...options, json: body }),
    setActive: (code: string, active: boolean, options?: CallOptions) =>
      call<AdminCouponResponse>("POST", `/api/admin/coupons/${encodeURIComponent(code)}/active`, { ...options, json: { active } }),
  },
};
