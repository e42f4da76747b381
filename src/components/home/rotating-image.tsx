"use client";

import { useEffect, useState } from "react";
import { productImageSrcSet } from "@/lib/product-image";

/**
 * A service card's picture, changing to the next of `images` every `seconds`. The server renders
 * the first; the rotation starts only when there is more than one, stops while the tab is hidden,
 * and never runs for a visitor who asked for reduced motion. The next picture is fetched before it
 * is shown, so a slow network never shows a blank card.
 */
export function RotatingImage({
  images,
  seconds,
  alt,
  sizes,
  eager = false,
  first = false,
}: {
  images: string[];
  seconds: number;
  alt: string;
  sizes: string;
  /** In the first screen on a phone: fetched at once (a lazy picture there delays the largest paint). */
  eager?: boolean;
  /** The page's largest paint where no hero picture is set: fetched ahead of the others. */
  first?: boolean;
}) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (images.length < 2 || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let next = 0;
    const timer = window.setInterval(
      () => {
        if (document.hidden) return;
        next = (next + 1) % images.length;
        const src = images[next]!;
        const preload = new Image();
        preload.srcset = productImageSrcSet(src) ?? "";
        preload.sizes = sizes;
        preload.src = src;
        const target = next;
        preload.decode().then(
          () => setIndex(target),
          () => undefined,
        );
      },
      Math.max(1, seconds) * 1000,
    );
    return () => window.clearInterval(timer);
  }, [images, seconds, sizes]);
  const src = images[index] ?? images[0];
  if (!src) return null;
  return (
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={src}
      srcSet={productImageSrcSet(src)}
      sizes={sizes}
      alt={alt}
      width={320}
      height={320}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={first ? "high" : undefined}
      decoding="async"
      className="h-full w-full object-cover transition-opacity duration-500"
    />
  );
}
