/** The four supplier-worded nav links of large screens. */
export const NAV_LINKS = [
  { href: "/ai-agent", label: "AI Sourcing" },
  { href: "/discover", label: "Discovery" },
  { href: "/become-supplier", label: "Become Supplier" },
  { href: "/buyer-central", label: "Buyer Central" },
] as const;
