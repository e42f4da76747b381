import type { SiteSettings } from "./site-settings";

/** The networks the footer and /social/{network} know, in the footer's order. */
export const SOCIAL_NETWORKS = ["facebook", "twitter", "instagram", "linkedin", "youtube"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The network's own name, the same in both languages (a brand). */
export const SOCIAL_NETWORK_NAMES: Record<SocialNetwork, string> = {
  facebook: "Facebook",
  twitter: "X (Twitter)",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  youtube: "YouTube",
};

export function isSocialNetwork(value: unknown): value is SocialNetwork {
  return typeof value === "string" && (SOCIAL_NETWORKS as readonly string[]).includes(value);
}

/**
 * The shop's profile on a network, or null when the settings name none. Only an absolute http(s)
 * address without credentials counts as a profile: the defaults (and an admin who leaves a field as
 * it was) hold the shop's own `/social/{network}` path, which would send the page to itself, and
 * anything else (javascript:, a relative path, `//host`) is not a place to send a shopper.
 */
export function socialProfileUrl(links: SiteSettings["socialLinks"], network: SocialNetwork): string | null {
  const raw = links[network]?.trim();
  if (!raw || !/^https?:\/\//i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password || !url.hostname.includes(".")) return null;
  return url.href;
}

/** The networks with a profile, in the footer's order, with their addresses. */
export function configuredSocialLinks(links: SiteSettings["socialLinks"]): { network: SocialNetwork; url: string }[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const url = socialProfileUrl(links, network);
    return url ? [{ network, url }] : [];
  });
}
