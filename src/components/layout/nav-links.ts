/** The four supplier-worded nav links of large screens (labels: the catalogue's common.nav). */
export const NAV_LINKS = [
  { href: "/ai-agent", label: "aiSourcing" },
  { href: "/discover", label: "discovery" },
  { href: "/become-supplier", label: "becomeSupplier" },
  { href: "/buyer-central", label: "buyerCentral" },
] as const;
