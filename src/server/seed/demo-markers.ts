/**
 * The row (among the site settings, which ignore keys they do not know) that says the demo reviews
 * were written (src/seed/demo-reviews.ts): by the demo seed, or once by the first start of a demo
 * shop seeded before reviews existed. Never again after it, so an owner who deletes them keeps
 * them deleted.
 */
export const DEMO_REVIEWS_KEY = "demo.reviews";
