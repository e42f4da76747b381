/** The signed-in account menu's links, before Log out (labels: the catalogue's common.account). */
export const ACCOUNT_LINKS = [
  { href: "/account", label: "profile" },
  { href: "/account/orders", label: "orders" },
  { href: "/account/wishlist", label: "wishlist" },
  { href: "/account/payment", label: "payment" },
  { href: "/account/settings", label: "settings" },
] as const;

/** The guest account menu's links; sign-in and registration come first, theme last. */
export const GUEST_ACCOUNT_LINKS = [
  { href: "/account/orders", label: "myOrders" },
  { href: "/account/coins", label: "myCoins" },
  { href: "/account/messages", label: "messageCenter" },
  { href: "/account/payment", label: "payment" },
  { href: "/account/wishlist", label: "wishList" },
  { href: "/account/coupons", label: "myCoupons" },
] as const;

export type AccountLinkLabel = (typeof ACCOUNT_LINKS)[number]["label"] | (typeof GUEST_ACCOUNT_LINKS)[number]["label"];
