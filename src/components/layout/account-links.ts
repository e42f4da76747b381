/** The signed-in account menu's links, before Log out. */
export const ACCOUNT_LINKS = [
  { href: "/account", label: "Profile" },
  { href: "/account/orders", label: "Orders" },
  { href: "/account/wishlist", label: "Wishlist" },
  { href: "/account/payment", label: "Payment" },
  { href: "/account/settings", label: "Settings" },
] as const;

/** The guest account menu's links; sign-in and registration come first, theme last. */
export const GUEST_ACCOUNT_LINKS = [
  { href: "/account/orders", label: "My Orders" },
  { href: "/account/coins", label: "My Coins" },
  { href: "/account/messages", label: "Message Center" },
  { href: "/account/payment", label: "Payment" },
  { href: "/account/wishlist", label: "Wish List" },
  { href: "/account/coupons", label: "My Coupons" },
] as const;
