import { serverTranslator } from "../i18n/request-intl";

/**
 * Placeholders shown while a page's data loads (the routes' loading.tsx), shaped like the page
 * that follows so nothing jumps when it arrives. Screen readers hear one "Loading…".
 */
const bar = "animate-pulse rounded bg-[var(--surface)]";

function Loading() {
  const t = serverTranslator("pages");
  return (
    <p role="status" className="sr-only">
      {t("loading")}
    </p>
  );
}

export function CartSkeleton() {
  return (
    <div className="mx-auto max-w-5xl px-3 py-4 sm:px-4" aria-busy>
      <Loading />
      <div className={`mb-4 h-7 w-40 ${bar}`} />
      <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
        <ul className="space-y-3">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="flex gap-3 rounded-lg border border-[var(--border)] p-3">
              <div className={`h-20 w-20 shrink-0 rounded-md ${bar}`} />
              <div className="flex-1 space-y-2">
                <div className={`h-4 w-3/4 ${bar}`} />
                <div className={`h-4 w-1/3 ${bar}`} />
                <div className={`h-8 w-28 ${bar}`} />
              </div>
            </li>
          ))}
        </ul>
        <div className="h-fit space-y-3 rounded-lg border border-[var(--border)] p-4">
          <div className={`h-4 w-full ${bar}`} />
          <div className={`h-4 w-2/3 ${bar}`} />
          <div className={`h-6 w-1/2 ${bar}`} />
          <div className={`h-11 w-full rounded-lg ${bar}`} />
        </div>
      </div>
    </div>
  );
}

export function CheckoutSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-3 py-4 sm:px-4" aria-busy>
      <Loading />
      <div className={`mb-4 h-7 w-40 ${bar}`} />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          {Array.from({ length: 3 }, (_, i) => (
            <section key={i} className="space-y-3 rounded-lg border border-[var(--border)] p-4">
              <div className={`h-5 w-40 ${bar}`} />
              <div className={`h-10 w-full ${bar}`} />
              <div className={`h-10 w-full ${bar}`} />
            </section>
          ))}
        </div>
        <div className="h-fit space-y-3 rounded-lg border border-[var(--border)] p-4">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className={`h-4 w-full ${bar}`} />
          ))}
          <div className={`h-11 w-full rounded-lg ${bar}`} />
        </div>
      </div>
    </div>
  );
}

export function AccountSkeleton() {
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-6 md:grid-cols-2" aria-busy>
      <Loading />
      {Array.from({ length: 2 }, (_, i) => (
        <section key={i} className="space-y-3">
          <div className={`h-6 w-40 ${bar}`} />
          <div className={`h-4 w-56 ${bar}`} />
          <div className={`h-10 w-full ${bar}`} />
          <div className={`h-10 w-full ${bar}`} />
          <div className={`h-10 w-32 ${bar}`} />
        </section>
      ))}
      <section className="space-y-3 md:col-span-2">
        <div className={`h-6 w-48 ${bar}`} />
        <div className={`h-16 w-full ${bar}`} />
      </section>
    </div>
  );
}
