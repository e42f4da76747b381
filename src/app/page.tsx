import type { Metadata } from "next";
import Link from "next/link";
import { BadgeCheck, Boxes, Cpu, Factory, MapPin, PackageCheck, Smartphone, Sparkles, Truck, Undo2, type LucideIcon } from "lucide-react";
import { ProductTile } from "@/components/catalog/product-tile";
import { RotatingImage } from "@/components/home/rotating-image";
import { formatMoney } from "@/lib/money";
import { categoryName } from "@/lib/locale";
import { productImageSrcSet } from "@/lib/product-image";
import { textIn, type SiteSettings } from "@/lib/site-settings";
import { getServices } from "@/server/services";
import { getIntl, getTranslator, languageAlternates } from "./i18n";
import { loadSiteSettings } from "./site-settings";

export async function generateMetadata(): Promise<Metadata> {
  const [settings, t, { locale }] = await Promise.all([loadSiteSettings(), getTranslator("home.meta"), getIntl()]);
  return { title: { absolute: textIn(settings.seo.title, locale) }, description: t("description"), alternates: languageAlternates("/") };
}

const SERVICES = ["electronics", "prototyping", "pcb", "ai", "logistics"] as const;
type Service = (typeof SERVICES)[number];

/** Which settings list holds a service's pictures (the retail list is the electronics shop's). */
const IMAGE_LIST: Record<Service, keyof SiteSettings["serviceImages"]> = {
  electronics: "retail",
  prototyping: "prototyping",
  pcb: "pcb",
  ai: "ai",
  logistics: "logistics",
};

/** Where a service without pictures in the settings borrows real product pictures: a category's best sellers. */
const FALLBACK_CATEGORY: Partial<Record<Service, string>> = {
  electronics: "microcontrollers-development-boards",
  prototyping: "3d-printing",
  pcb: "pcb-prototyping-supplies",
};
/** AI hardware the shop sells (Hailo, Jetson, OAK-D), found by search for the AI card. */
const AI_PRODUCTS_SEARCH = "hailo jetson oak";

const ICONS: Record<Service, LucideIcon> = { electronics: Cpu, prototyping: Boxes, pcb: Factory, ai: Sparkles, logistics: Truck };

const ALIGN = {
  left: "items-start text-left",
  center: "items-center text-center",
  right: "items-end text-right",
} as const;

/** The landing page: hero, services, featured categories and products, and promises the shop keeps. Server-rendered; one small client island per service picture. */
export default async function HomePage() {
  const { locale } = await getIntl();
  const t = await getTranslator("home");
  const settings = await loadSiteSettings();
  const { pageData } = await getServices();
  const [shelves, aiProducts] = await Promise.all([
    pageData.discovery(),
    pageData
      .list({ search: AI_PRODUCTS_SEARCH, limit: 4 })
      .then((page) => page.products)
      .catch(() => []),
  ]);

  const serviceImages = (service: Service): string[] => {
    const configured = settings.serviceImages[IMAGE_LIST[service]] ?? [];
    if (configured.length) return configured;
    if (service === "ai") return aiProducts.map((p) => p.image);
    const slug = FALLBACK_CATEGORY[service];
    return shelves.byCategory.find((group) => group.category.slug === slug)?.products.map((p) => p.image) ?? [];
  };
  const hero = settings.heroBackgroundImage.trim();
  const featured = shelves.byCategory.slice(0, 8);

  return (
    <div>
      <section className="relative isolate overflow-hidden bg-brand text-white">
        {hero && (
          // The hero picture is the page's largest paint: fetched first, at the size of the screen.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={hero}
            srcSet={productImageSrcSet(hero)}
            sizes="100vw"
            alt=""
            fetchPriority="high"
            loading="eager"
            decoding="async"
            className="absolute inset-0 -z-20 h-full w-full object-cover"
          />
        )}
        {/* a dark veil keeps white text legible over any picture */}
        {hero && <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-r from-black/75 via-black/55 to-black/30" />}
        <div className={`mx-auto flex max-w-7xl flex-col gap-3 px-4 py-10 sm:py-16 ${ALIGN[settings.heroTaglineAlignment]}`}>
          <h1 className="max-w-3xl text-2xl font-bold text-balance drop-shadow sm:text-4xl">{textIn(settings.mainHeadline, locale)}</h1>
          <p className="max-w-2xl text-white/90 drop-shadow">{textIn(settings.companyTagline, locale)}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Link href="/products" className="rounded-lg bg-white px-5 py-2.5 font-semibold text-slate-900">
              {t("browseAll")}
            </Link>
            <Link href="/ai-agent" className="rounded-lg border border-white/80 px-5 py-2.5 font-semibold text-white hover:bg-white/10">
              {t("sourceBom")}
            </Link>
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 py-6">
        <section aria-labelledby="services-heading">
          <h2 id="services-heading" className="text-lg font-semibold">
            {t("servicesTitle")}
          </h2>
          <p className="text-sm text-[var(--muted-fg)]">{t("servicesIntro")}</p>
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {SERVICES.map((service, position) => {
              const Icon = ICONS[service];
              const images = serviceImages(service);
              const title = t(`services.${service}.title`);
              return (
                <li
                  key={service}
                  // the whole card answers a press, but the link itself is the title: its name is the
                  // text it shows (a card-wide link named otherwise fails label-content-name-mismatch)
                  className={`group relative flex flex-col overflow-hidden rounded-xl border border-[var(--border)] focus-within:border-brand hover:border-brand ${service === "logistics" ? "col-span-2 sm:col-span-1" : ""}`}
                >
                  <div className="relative aspect-[4/3] bg-[var(--surface)]">
                    {images.length ? (
                      <RotatingImage
                        images={images}
                        seconds={settings.serviceImageRotationTime}
                        alt={t("imagesOf", { service: title })}
                        sizes="(min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw"
                        // the first row on a phone (two cards) is in the first screen
                        eager={position < 2}
                        first={!hero && position === 0}
                      />
                    ) : (
                      <span className="flex h-full items-center justify-center text-brand">
                        <Icon className="h-12 w-12" aria-hidden />
                      </span>
                    )}
                  </div>
                  <div className="flex flex-1 flex-col gap-1 p-3">
                    <h3 className="flex items-center gap-1.5 text-sm font-semibold group-hover:text-brand">
                      <Icon className="h-4 w-4 shrink-0" aria-hidden />
                      <Link
                        href={`/services/${service}`}
                        // a landing page on a phone network fetches what is opened, not every card it shows
                        prefetch={false}
                        className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-brand"
                      >
                        {title}
                      </Link>
                    </h3>
                    <p className="text-xs text-[var(--muted-fg)]">{t(`services.${service}.text`)}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="categories-heading" className="mt-8">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="categories-heading" className="text-lg font-semibold">
              {t("categoriesTitle")}
            </h2>
            <Link href="/discover" className="text-sm font-medium text-brand hover:underline">
              {t("discover")}
            </Link>
          </div>
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {featured.map(({ category, products }) => (
              <li key={category.id}>
                <Link
                  href={`/products?category=${encodeURIComponent(category.slug)}`}
                  prefetch={false}
                  className="flex h-full flex-col items-start gap-2 rounded-xl border border-[var(--border)] p-2 hover:border-brand lg:flex-row lg:items-center lg:gap-3"
                >
                  {products[0] && (
                    // eslint-disable-next-line @next/next/no-img-element
                    <img
                      src={products[0].image}
                      srcSet={productImageSrcSet(products[0].image)}
                      sizes="64px"
                      alt=""
                      width={64}
                      height={64}
                      loading="lazy"
                      decoding="async"
                      className="h-14 w-14 shrink-0 rounded-lg bg-[var(--surface)] object-cover"
                    />
                  )}
                  {/* the whole name, never cut: below large screens it has the tile's full width, under the picture */}
                  <span className="min-w-0">
                    <span className="block text-sm font-medium" data-testid="category-tile-name">
                      {categoryName(category, locale)}
                    </span>
                    <span className="text-xs text-[var(--muted-fg)]">{t("categoryCount", { count: category.productCount })}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="popular-heading" className="mt-8">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="popular-heading" className="text-lg font-semibold">
              {t("popular")}
            </h2>
            <Link href="/products?sort=best-selling" className="text-sm font-medium text-brand hover:underline">
              {t("seeAll")}
            </Link>
          </div>
          <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {shelves.bestSellers.map((product) => (
              <ProductTile key={product.id} product={product} />
            ))}
          </div>
        </section>

        <section aria-labelledby="new-heading" className="mt-8">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="new-heading" className="text-lg font-semibold">
              {t("newArrivals")}
            </h2>
            <Link href="/products?sort=newest" className="text-sm font-medium text-brand hover:underline">
              {t("seeAll")}
            </Link>
          </div>
          <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {shelves.newArrivals.slice(0, 5).map((product) => (
              <ProductTile key={product.id} product={product} />
            ))}
          </div>
        </section>

        <TrustPromises settings={settings} t={t} address={textIn(settings.address, locale)} />
      </div>
    </div>
  );
}

type HomeTranslator = Awaited<ReturnType<typeof getTranslator<"home">>>;

/** Only promises the shop keeps: its real address and phone, fiscal receipts, mobile money confirmed on the payer's phone, the returns rule, the delivery options the settings offer. */
function TrustPromises({ settings, t, address }: { settings: SiteSettings; t: HomeTranslator; address: string }) {
  const { delivery } = settings;
  const parcelFrom = Math.min(delivery.parcel.defaultFee, ...Object.values(delivery.parcel.fees));
  const deliveryLines = [
    t("trust.courier", { fee: formatMoney(settings.cart.shippingCost) }),
    delivery.sameDay.enabled ? t("trust.sameDay", { cutoff: delivery.sameDay.cutoff, fee: formatMoney(delivery.sameDay.fee) }) : null,
    delivery.parcel.enabled ? t("trust.parcel", { fee: formatMoney(parcelFrom) }) : null,
    delivery.pickup.enabled ? t("trust.pickup") : null,
  ].filter((line): line is string => Boolean(line));
  const mobileMoney = settings.paymentSettings.methods.includes("mobile_money");
  const providers = settings.paymentSettings.mobileMoneyProviders;
  const items: { icon: LucideIcon; title: string; text: string }[] = [
    { icon: MapPin, title: t("trust.shopTitle"), text: t("trust.shop", { address, phone: settings.contactPhone }) },
    { icon: BadgeCheck, title: t("trust.receiptTitle"), text: t("trust.receipt") },
    ...(mobileMoney
      ? [
          {
            icon: Smartphone,
            title: t("trust.mobileMoneyTitle"),
            text: providers.length ? t("trust.mobileMoney", { providers: providers.join(", ") }) : t("trust.mobileMoneyPlain"),
          },
        ]
      : []),
    { icon: Undo2, title: t("trust.returnsTitle"), text: t("trust.returns") },
    { icon: PackageCheck, title: t("trust.deliveryTitle"), text: deliveryLines.join(" ") },
  ];
  return (
    <section aria-labelledby="trust-heading" className="mt-10 rounded-2xl bg-[var(--surface)] p-4 sm:p-6">
      <h2 id="trust-heading" className="text-lg font-semibold">
        {t("trustTitle")}
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {items.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3 lg:flex-col">
            <Icon className="h-6 w-6 shrink-0 text-brand" aria-hidden />
            <div>
              <h3 className="text-sm font-semibold">{title}</h3>
              <p className="mt-0.5 text-sm text-[var(--muted-fg)]">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
