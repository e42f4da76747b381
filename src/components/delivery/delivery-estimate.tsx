"use client";

import { Truck } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { api, isApiError } from "@/lib/api-client";
import type { DeliveryMethod } from "@/lib/checkout";
import type { DeliveryEstimateResponse } from "@/lib/contract/delivery-estimate";
import { formatDateRange } from "@/lib/delivery-estimate";
import { findRegion, REGIONS } from "@/lib/tanzania-regions";
import { signedInStore, useCart } from "../cart/cart-store";
import { useLocalValue, writeLocal } from "../stores/local-store";

/**
 * "Arrives Tue 3 – Thu 5 Dec": the delivery estimate of GET /api/delivery-estimate, in the shopper's
 * language and shop time, on the product page, the cart and each checkout option. Always asked
 * for in the browser once the page is shown, so no cached page carries a day or a region. The
 * region the shopper picks is remembered in this browser (localStorage); before any pick it is
 * their saved address's region when signed in, else Dar es Salaam. Texts: catalog.deliveryEstimate.
 */

const REGION_KEY = "kilima.delivery-region";
const DEFAULT_REGION = "dar-es-salaam";

/** The region estimates are for: the one picked here before, the saved address's, or Dar es Salaam. */
function useEstimateRegion(): [string, (code: string) => void] {
  const stored = useLocalValue(REGION_KEY);
  const signedIn = signedInStore.use();
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    if (stored || !signedIn) return;
    let live = true;
    api.checkout
      .addresses()
      .then((answer) => {
        const region = answer.addresses.find((a) => findRegion(a.region))?.region;
        if (live && region) setSaved(region);
      })
      // no saved address to go by: Dar es Salaam stands
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [stored, signedIn]);
  const region = stored && findRegion(stored) ? stored : (saved ?? DEFAULT_REGION);
  return [region, (code: string) => writeLocal(REGION_KEY, code)];
}

type Answer = { state: "loading" } | { state: "ready"; estimate: DeliveryEstimateResponse } | { state: "none" };

/** The API's estimate for a method, region and products; "none" when there is no date to give (sold out, no stock coming). */
function useEstimate(method: DeliveryMethod | null, region: string | null, productIds: readonly number[]): Answer {
  const ids = productIds.join(",");
  // what is asked: nothing until a region is known (pick-up needs none)
  const key = method && (method === "pickup" || region) ? `${method}|${region ?? ""}|${ids}` : null;
  const [answer, setAnswer] = useState<{ key: string; value: Answer } | null>(null);
  useEffect(() => {
    if (!key || !method) return;
    const controller = new AbortController();
    api
      .deliveryEstimate({ method, region, productIds: ids ? ids.split(",").map(Number) : [] }, { signal: controller.signal })
      .then((estimate) => setAnswer({ key, value: { state: "ready", estimate } }))
      .catch((error: unknown) => {
        if (!(isApiError(error) && error.kind === "aborted")) setAnswer({ key, value: { state: "none" } });
      });
    return () => controller.abort();
  }, [key, method, region, ids]);
  if (!key) return { state: "none" };
  // an answer to an earlier question (another region) is not shown for this one
  return answer?.key === key ? answer.value : { state: "loading" };
}

/** The line itself: "Arrives Tue 3 – Thu 5 Dec" (pick-up: "Ready to collect …"), "about" when an unconfirmed holiday moved it. */
function EstimateText({ estimate }: { estimate: DeliveryEstimateResponse }) {
  const t = useTranslations("catalog.deliveryEstimate");
  const locale = useLocale();
  const dates = formatDateRange(estimate.from, estimate.to, locale === "sw" ? "sw" : "en");
  return (
    <>
      <span data-testid="delivery-estimate-dates" data-from={estimate.from} data-to={estimate.to}>
        {t("arrives", { method: estimate.method, dates })}
      </span>
      {estimate.approximate && <span className="text-[var(--muted-fg)]"> {t("approximate")}</span>}
    </>
  );
}

/** The method a region is served by on a product page or in the cart: the shop's couriers where they go, else a bus parcel. */
function methodFor(region: string, courierRegions: readonly string[]): DeliveryMethod {
  return courierRegions.includes(region) ? "courier" : "parcel";
}

/**
 * The product page's and the cart's line: the estimate to a region the shopper picks in a small
 * select beside it (courier where the shop's riders go, else a bus parcel).
 */
export function DeliveryEstimateLine({ productIds, courierRegions }: { productIds: readonly number[]; courierRegions: readonly string[] }) {
  const t = useTranslations("catalog.deliveryEstimate");
  const locale = useLocale();
  const id = useId();
  const [region, setRegion] = useEstimateRegion();
  const method = methodFor(region, courierRegions);
  const answer = useEstimate(method, region, productIds);
  return (
    <div className="mt-3 flex min-h-6 flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="delivery-estimate">
      {/* on a phone the text has a row of its own: the shorter dates replacing "working out…" would
          otherwise pull the region's select up beside them and shift the page below */}
      <span className="flex w-full items-center gap-2 sm:w-auto">
        <Truck className="h-4 w-4 shrink-0 text-brand" aria-hidden />
        <span aria-live="polite">
          {answer.state === "ready" ? (
            <EstimateText estimate={answer.estimate} />
          ) : answer.state === "none" ? (
            <span className="text-[var(--muted-fg)]">{t("none")}</span>
          ) : (
            <span className="text-[var(--muted-fg)]">{t("loading")}</span>
          )}
        </span>
      </span>
      <label htmlFor={id} className="text-[var(--muted-fg)]">
        {t("to")}
      </label>
      <select
        id={id}
        value={region}
        onChange={(e) => setRegion(e.target.value)}
        className="h-8 max-w-[12rem] rounded-md border border-[var(--border)] bg-[var(--surface)] px-1.5 text-sm"
        data-testid="delivery-estimate-region"
      >
        {REGIONS.map((r) => (
          <option key={r.code} value={r.code}>
            {locale === "sw" ? r.nameSw : r.name}
          </option>
        ))}
      </select>
      {answer.state === "ready" && method === "parcel" && <span className="w-full text-xs text-[var(--muted-fg)] sm:w-auto">{t("byParcel")}</span>}
    </div>
  );
}

/** The cart's line: the estimate for every product in it (one not in stock starts it later). */
export function CartDeliveryEstimate({ courierRegions }: { courierRegions: readonly string[] }) {
  const { cart } = useCart();
  const ids = [...new Set(cart.items.map((item) => item.productId))].sort((a, b) => a - b);
  if (!ids.length) return null;
  return <DeliveryEstimateLine productIds={ids} courierRegions={courierRegions} />;
}

/** A checkout option's dates, for the region chosen there and the cart's products; nothing until a region is chosen. */
export function DeliveryOptionEstimate({ method, region }: { method: DeliveryMethod; region: string | null }) {
  const { cart } = useCart();
  const ids = [...new Set(cart.items.map((item) => item.productId))].sort((a, b) => a - b);
  const answer = useEstimate(method, region || null, ids);
  if (answer.state !== "ready") return null;
  return (
    <span className="mt-0.5 block text-xs font-medium text-[var(--fg)]" data-testid={`delivery-estimate-${method}`}>
      <EstimateText estimate={answer.estimate} />
    </span>
  );
}
