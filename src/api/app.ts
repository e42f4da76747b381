import type { Server } from "node:http";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerFactory } from "fastify";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import { validatorCompiler } from "fastify-type-provider-zod";
import { acceptsAvif, twinnableMediaPath } from "@/lib/media-format";
import { securityHeaders } from "@/lib/security-headers";
import { DATASHEET_FOLDER } from "@/server/catalog/datasheets";
import { createAvifTwins } from "@/server/media/avif-twins";
import { mediaContentType, mediaKey, type MediaStore } from "@/server/media/media-store";
import type { Services } from "@/server/services";
import { adAdminRoutes } from "./admin/ads";
import { checklistRoutes } from "./admin/checklist";
import { couponAdminRoutes } from "./admin/coupons";
import { customerRoutes } from "./admin/customers";
import { dashboardRoutes } from "./admin/dashboard";
import { datasheetAdminRoutes } from "./admin/datasheets";
import { messageAdminRoutes } from "./admin/messages";
import { orderAdminRoutes } from "./admin/orders";
import { staffOrderRoutes } from "./admin/staff-orders";
import { deliveryAdminRoutes } from "./admin/deliveries";
import { riderRoutes } from "./rider";
import { importRoutes } from "./admin/imports";
import { productRoutes } from "./admin/products";
import { productPricingRoutes } from "./admin/product-pricing";
import { requestAdminRoutes } from "./admin/requests";
import { returnAdminRoutes } from "./admin/returns";
import { securityRoutes } from "./admin/security";
import { settingsAdminRoutes } from "./admin/settings";
import { specAttributeRoutes } from "./admin/spec-attributes";
import { taxonomyRoutes } from "./admin/taxonomy";
import { textMessageAdminRoutes } from "./admin/text-messages";
import { adRoutes } from "./ads";
import { authRoutes } from "./auth";
import { CACHE } from "./cache-control";
import { catalogRoutes } from "./catalog";
import { requestMeta, type ApiContext } from "./context";
import { compareRoutes } from "./compare";
import { installCsrfGuard } from "./csrf";
import { installErrorHandling, sendError } from "./errors";
import { datasheetRoutes } from "./datasheets";
import { deliveryEstimateRoutes } from "./delivery-estimate";
import { imageSearchRoutes } from "./image-search";
import { localeRoutes } from "./locale";
import { requestForLog } from "./log-redaction";
import { newsletterRoutes } from "./newsletter";
import { opsRoutes } from "./ops";
import { paymentRoutes } from "./payments";
import { payoutWebhookRoutes } from "./payout-webhooks";
import { refundAdminRoutes } from "./admin/refunds";
import { refundShopperRoutes } from "./shopper/refunds";
import { smsCallbackRoutes } from "./sms-callbacks";
import { textMessageStopRoutes } from "./text-message-stop";
import { whatsappWebhookRoutes } from "./whatsapp-webhook";
import { requestIdOf } from "./request-id";
import { defaultResponseCheck, installResponseCheck, type ResponseCheck } from "./response-check";
import { requestRoutes } from "./requests";
import { backOrderAdminRoutes } from "./admin/back-orders";
import { backOrderCheckoutRoutes, backOrderRoutes } from "./back-orders";
import { backOrderShopperRoutes } from "./shopper/back-orders";
import { adminScope, installActors, riderScope, signedInScope, trackRouteScopes, visitorScope } from "./scopes";
import { checkoutRoutes } from "./checkout";
import { questionRoutes } from "./questions";
import { questionShopperRoutes } from "./shopper/questions";
import { questionAdminRoutes } from "./admin/questions";
import { returnRoutes } from "./returns";
import { reviewRoutes } from "./reviews";
import { reviewShopperRoutes } from "./shopper/reviews";
import { reviewAdminRoutes } from "./admin/reviews";
import { stockAlertRoutes } from "./stock-alerts";
import { stockAlertAdminRoutes } from "./admin/stock-alerts";
import { phoneRoutes } from "./shopper/phone";
import { settingsRoutes } from "./settings";
import { accountSecurityRoutes } from "./shopper/account-security";
import { cartRoutes } from "./shopper/cart";
import { documentRoutes } from "./shopper/documents";
import { messageRoutes } from "./shopper/messages";
import { orderRoutes } from "./shopper/orders";
import { paymentStatusRoutes } from "./shopper/payments";
import { preferenceRoutes } from "./shopper/preferences";
import { rewardRoutes } from "./shopper/rewards";
import { textMessageRoutes } from "./shopper/text-messages";
import { wishlistRoutes } from "./shopper/wishlist";
import { sourcingRoutes } from "./sourcing";
import { trackingRoutes } from "./tracking";

export interface ApiOptions {
  /** the domain, built once per process by the composition root (src/server/services.ts) */
  services: Services;
  /** requests per minute per client address on /api; 0 turns limiting off */
  rateLimit: number;
  trustProxy: boolean;
  logLevel?: string;
  /** a bearer token for /metrics (else internal networks only) */
  metricsToken?: string;
  serverFactory?: FastifyServerFactory;
  /**
   * false when SITE_URL is not set: writes are then accepted from this machine's own names and
   * addresses, whichever the shop was opened at (see ./csrf.ts). True by default.
   */
  siteUrlSet?: boolean;
  /** the address the server listens on (HOST), for the addresses a refused write names */
  listenHost?: string;
  /** how answers are checked against their response schemas (./response-check.ts); strict under the test runner */
  responseCheck?: ResponseCheck;
}

/** The HTTP API (/api/*) and the media files (/media/*), as one Fastify app. */
export async function buildApi(options: ApiOptions): Promise<FastifyInstance<Server>> {
  const app = Fastify({
    // request lines without the secret tokens some addresses carry (./log-redaction.ts)
    logger: options.logLevel && options.logLevel !== "silent" ? { level: options.logLevel, serializers: { req: requestForLog } } : false,
    trustProxy: options.trustProxy,
    serverFactory: options.serverFactory,
    // the proxy's x-request-id when it is well formed (never taken raw into the logs), else a new id
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers["x-request-id"]),
    routerOptions: { maxParamLength: 200 },
    // errors the router raises before any route runs (a path that is not valid percent-encoding,
    // a path segment over maxParamLength) answer {error, code} like every other refusal
    frameworkErrors: (error, _request, reply) =>
      sendError(reply, "invalid-input", error.code === "FST_ERR_MAX_PARAM_LENGTH" ? "The address is too long" : "The address is not valid"),
  }) as unknown as FastifyInstance<Server>;
  app.setValidatorCompiler(validatorCompiler);
  installResponseCheck(app, options.responseCheck ?? defaultResponseCheck());
  trackRouteScopes(app);
  installErrorHandling(app, {
    onRateLimited: (request) =>
      options.services.auth.noteRateLimited(`${request.method} ${request.routeOptions.url ?? request.url.split("?")[0]}`, requestMeta(request)),
  });
  // the pages' security headers (less the CSP, which is for HTML) on every answer, errors and media included
  const headers = securityHeaders(options.services.siteUrl.protocol === "https:");
  app.addHook("onSend", async (request, reply) => {
    reply.headers(headers);
    reply.header("x-request-id", request.id);
  });
  // before every other route, so its latency hook sees them all
  await opsRoutes(app, { services: options.services, metricsToken: options.metricsToken });
  await app.register(cookie);

  await app.register(
    async (api) => {
      // Registered even when the general limit is off: the account routes carry their own
      // per-address limits (route config), which always apply.
      await api.register(rateLimit, {
        // with REDIS_URL every app server counts against the same limits; a Redis that does not
        // answer lets requests through (skipOnError) instead of failing the shop
        ...(options.services.redis ? { redis: options.services.redis, nameSpace: "storefront-rate-", skipOnError: true } : {}),
        global: options.rateLimit > 0,
        max: Math.max(1, options.rateLimit),
        timeWindow: 60_000,
        errorResponseBuilder: (_request, context) =>
          Object.assign(new Error(`Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`), {
            statusCode: 429,
          }),
      });
      installCsrfGuard(api, { siteUrl: options.services.siteUrl, siteUrlSet: options.siteUrlSet ?? true, listenHost: options.listenHost });
      // One default for every answer of the API: not stored by browsers or proxies. The public
      // reads a cache may keep (the catalogue, the ads, the public settings) say so themselves.
      api.addHook("onSend", async (_request, reply) => {
        if (!reply.hasHeader("cache-control")) reply.header("cache-control", CACHE.none);
      });
      installActors(api);
      const context: ApiContext = { services: options.services };

      // anyone: the catalogue, sign-in, forms, payment providers' callbacks
      for (const routes of [
        catalogRoutes,
        adRoutes,
        datasheetRoutes,
        compareRoutes,
        deliveryEstimateRoutes,
        settingsRoutes,
        authRoutes,
        newsletterRoutes,
        sourcingRoutes,
        imageSearchRoutes,
        localeRoutes,
        trackingRoutes,
        requestRoutes,
        paymentRoutes,
        payoutWebhookRoutes,
        whatsappWebhookRoutes,
        smsCallbackRoutes,
        textMessageStopRoutes,
        backOrderRoutes,
      ])
        await api.register(routes, context);

      // a signed-in shopper or a guest: the checkout (the route reads `request.visitor`)
      await api.register(visitorScope(context, [checkoutRoutes, backOrderCheckoutRoutes, stockAlertRoutes, returnRoutes, reviewRoutes, questionRoutes]));

      // a signed-in shopper (or admin): 401 for a guest before the route reads its input
      await api.register(
        signedInScope(context, [
          cartRoutes,
          orderRoutes,
          paymentStatusRoutes,
          documentRoutes,
          refundShopperRoutes,
          rewardRoutes,
          wishlistRoutes,
          preferenceRoutes,
          messageRoutes,
          textMessageRoutes,
          accountSecurityRoutes,
          phoneRoutes,
          backOrderShopperRoutes,
          reviewShopperRoutes,
          questionShopperRoutes,
        ]),
      );

      // a rider (or an administrator): 401 for a guest, 403 for a shopper, before the route reads its input
      await api.register(riderScope(context, [riderRoutes]));

      // an administrator, under /api/admin/: 401 for a guest, 403 for a shopper, before the route reads its input
      await api.register(
        adminScope(context, [
          dashboardRoutes,
          checklistRoutes,
          productRoutes,
          stockAlertAdminRoutes,
          importRoutes,
          productPricingRoutes,
          taxonomyRoutes,
          specAttributeRoutes,
          datasheetAdminRoutes,
          securityRoutes,
          customerRoutes,
          orderAdminRoutes,
          refundAdminRoutes,
          staffOrderRoutes,
          deliveryAdminRoutes,
          couponAdminRoutes,
          adAdminRoutes,
          requestAdminRoutes,
          messageAdminRoutes,
          returnAdminRoutes,
          reviewAdminRoutes,
          questionAdminRoutes,
          textMessageAdminRoutes,
          settingsAdminRoutes,
          backOrderAdminRoutes,
        ]),
        { prefix: "/admin" },
      );
    },
    { prefix: "/api" },
  );

  // AVIF where the browser takes it, WebP otherwise, for the same image address (src/lib/media-format.ts)
  const { media } = options.services;
  const twins = createAvifTwins(media);
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const webp = twinnableMediaPath(request.url);
    if (!webp) return;
    reply.header("vary", "Accept");
    if (!acceptsAvif(request.headers.accept)) return;
    const avif = await twins.twinOf(webp);
    if (avif) return media.localRoot ? reply.sendFile(avif) : sendStoredMedia(media, avif, request, reply);
  });

  if (media.localRoot) {
    await app.register(fastifyStatic, {
      root: media.localRoot,
      prefix: "/media/",
      // File names carry a content hash, so a file never changes under its name.
      setHeaders: (reply) => reply.header("cache-control", CACHE.immutable),
      cacheControl: false,
      index: false,
      list: false,
      // only well-formed keys; datasheets leave as attachments through their product's address only (src/api/datasheets.ts)
      // (a request's path arrives with its leading slash, a sendFile of an AVIF twin without)
      allowedPath: (pathName) => {
        const key = mediaKey(`/media/${pathName.replace(/^\/+/, "")}`);
        return key !== null && !key.startsWith(`${DATASHEET_FOLDER}/`);
      },
    });
  } else {
    // A shared bucket: streamed through the app server rather than redirected to the bucket, so
    // media keep the shop's own address (one connection on a slow phone, and the CSP loads media
    // from the shop only), and the bucket needs no public access.
    app.get("/media/*", async (request, reply) => {
      const key = mediaKey(request.url);
      if (!key || key.startsWith(`${DATASHEET_FOLDER}/`)) return sendError(reply, "not-found", "Not found");
      return sendStoredMedia(media, key, request, reply);
    });
  }
  return app;
}

/** One object of a shared media store as an answer: cached for good (content-hashed names), ranges for videos. */
async function sendStoredMedia(media: MediaStore, key: string, request: FastifyRequest, reply: FastifyReply) {
  const range = typeof request.headers.range === "string" && /^bytes=\d*-\d*$/.test(request.headers.range) ? request.headers.range : undefined;
  const object = await media.open(key, range);
  if (!object) return sendError(reply, "not-found", "Not found");
  reply
    .header("content-type", mediaContentType(key))
    .header("cache-control", CACHE.immutable)
    .header("accept-ranges", "bytes")
    .header("content-length", object.length);
  if (object.contentRange) reply.code(206).header("content-range", object.contentRange);
  return reply.send(request.method === "HEAD" ? "" : object.body);
}
