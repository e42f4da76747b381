/** A wishlist is a short list of things to come back to; past this the oldest should go first. */
export const WISHLIST_MAX = 200;
