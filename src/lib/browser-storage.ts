/**
 * The names of the shop's localStorage entries that live in components, in one place so the
 * cookies page can list exactly what the code stores (the cart's and theme's own keys are in
 * guest-cart.ts and theme.ts).
 */
export const CURRENCY_KEY = "preferred-currency";
/** the id of a guest cart's merge into the account, kept until the merge succeeds */
export const MERGE_ID_KEY = "guest_cart_merge_id";
/** written by any tab that changes the server cart, so the others reload theirs (storage events) */
export const CART_CHANGED_KEY = "cart_changed";
