"use client";

import Link from "next/link";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { useTranslations } from "use-intl";
import type { Advertisement } from "@/lib/advertisement";
import { adImageSrcSet } from "@/lib/product-image";

const SWIPE_THRESHOLD_PX = 50;
const AD_SIZES = "(min-width: 1280px) 1248px, calc(100vw - 24px)";

/**
 * The listing's banners: auto-advance every rotation-time seconds with wrap-around, arrows
 * and dots when there is more than one, 50 px swipes. A pause button (and reduced-motion users)
 * stop the rotation, as WCAG 2.2.2 asks of anything that moves for more than 5 s.
 */
export function AdCarousel({ ads, rotationSeconds }: { ads: Advertisement[]; rotationSeconds: number }) {
  const t = useTranslations("catalog.offers");
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const touchStart = useRef<number | null>(null);
  const count = ads.length;
  const many = count > 1;

  useEffect(() => {
    if (!many || paused || hovered || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), Math.max(1, rotationSeconds) * 1000);
    return () => clearInterval(timer);
  }, [many, paused, hovered, count, rotationSeconds]);

  if (count === 0) return null;
  // the first banner is the listing's largest paint on a phone: asked for from the <head>, first
  const first = ads[0]!;
  if (first.media_type !== "video") {
    preload(first.media_url, { as: "image", imageSrcSet: adImageSrcSet(first.media_url), imageSizes: AD_SIZES, fetchPriority: "high" });
  }
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  return (
    <section
      aria-roledescription={t("carousel")}
      aria-label={t("region")}
      className="relative mt-3 overflow-hidden rounded-xl bg-[var(--surface)]"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onTouchStart={(e) => (touchStart.current = e.touches[0]?.clientX ?? null)}
      onTouchEnd={(e) => {
        const start = touchStart.current;
        const end = e.changedTouches[0]?.clientX;
        touchStart.current = null;
        if (start === null || end === undefined || Math.abs(end - start) <= SWIPE_THRESHOLD_PX) return;
        go(end < start ? 1 : -1);
      }}
    >
      <div className="relative aspect-[3/1] w-full md:aspect-[18/5]" aria-live={paused || !many ? "polite" : "off"}>
        {ads.map((ad, i) => (
          <Link
            key={ad.id}
            href={ad.link_url || "/products"}
            prefetch={false}
            aria-roledescription={t("slide")}
            aria-label={t("slideLabel", { index: i + 1, count, title: ad.title })}
            aria-hidden={i !== index}
            tabIndex={i === index ? 0 : -1}
            className={`absolute inset-0 transition-opacity duration-500 ${i === index ? "opacity-100" : "pointer-events-none opacity-0"}`}
          >
            {/* only the slide shown and the next one carry media: a phone on 3G fetches one banner, not all */}
            {i !== index && i !== (index + 1) % count ? null : ad.media_type === "video" ? (
              i === index && (
                <video
                  src={ad.media_url}
                  poster={ad.poster_url ?? undefined}
                  autoPlay={!paused}
                  muted
                  loop
                  playsInline
                  preload="none"
                  className="h-full w-full object-cover"
                  aria-label={ad.title}
                />
              )
            ) : (
              // eslint-disable-next-line @next/next/no-img-element
              <img
                src={ad.media_url}
                srcSet={adImageSrcSet(ad.media_url)}
                sizes={AD_SIZES}
                alt={ad.title}
                width={1200}
                height={400}
                loading={i === 0 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : "low"}
                decoding="async"
                className="h-full w-full object-cover"
              />
            )}
          </Link>
        ))}
      </div>
      {many && (
        <>
          {/* beside the banner from the small breakpoint; on a phone they would cover the ad's headline */}
          <button
            type="button"
            onClick={() => go(-1)}
            aria-label={t("previous")}
            className="absolute top-1/2 left-2 hidden h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full bg-black/45 text-white hover:bg-black/65 sm:flex"
          >
            <ChevronLeft className="h-5 w-5" aria-hidden />
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            aria-label={t("next")}
            className="absolute top-1/2 right-2 hidden h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full bg-black/45 text-white hover:bg-black/65 sm:flex"
          >
            <ChevronRight className="h-5 w-5" aria-hidden />
          </button>
          {/* on a phone the controls sit under the banner, previous and next among them */}
          <div className="flex justify-center py-1.5 sm:absolute sm:inset-x-0 sm:bottom-1.5 sm:py-0" data-testid="carousel-controls">
            <div className="flex items-center gap-1 rounded-full bg-black/45 px-1 sm:bg-black/35">
              <button type="button" onClick={() => go(-1)} aria-label={t("previous")} className="flex h-8 w-8 items-center justify-center text-white sm:hidden">
                <ChevronLeft className="h-4 w-4" aria-hidden />
              </button>
              {ads.map((ad, i) => (
                <button
                  key={ad.id}
                  type="button"
                  onClick={() => setIndex(i)}
                  aria-label={t("show", { index: i + 1 })}
                  aria-current={i === index}
                  className="flex h-6 w-6 items-center justify-center"
                >
                  <span className={`block h-2 rounded-full transition-all ${i === index ? "w-4 bg-white" : "w-2 bg-white/60"}`} />
                </button>
              ))}
              <button
                type="button"
                onClick={() => setPaused((p) => !p)}
                aria-label={paused ? t("play") : t("pause")}
                className="flex h-6 w-6 items-center justify-center text-white"
              >
                {paused ? <Play className="h-3.5 w-3.5" aria-hidden /> : <Pause className="h-3.5 w-3.5" aria-hidden />}
              </button>
              <button type="button" onClick={() => go(1)} aria-label={t("next")} className="flex h-8 w-8 items-center justify-center text-white sm:hidden">
                <ChevronRight className="h-4 w-4" aria-hidden />
              </button>
            </div>
          </div>
        </>
      )}
    </section>
  );
}
