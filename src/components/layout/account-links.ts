/** The guest account menu's links (§2.1); sign-in and registration come first, theme last. */
export const GUEST_ACCOUNT_LINKS = [
  { href: "/account/orders", label: "My Orders" },
  { href: "/account/coins", label: "My Coins" },
  { href: "/account/messages", label: "Message Center" },
  { href: "/account/payment", label: "Payment" },
  { href: "/account/wishlist", label: "Wish List" },
  { href: "/account/coupons", label: "My Coupons" },
] as const;
