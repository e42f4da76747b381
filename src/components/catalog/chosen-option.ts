"use client";

import { createStore } from "../stores/create-store";

/**
 * The option (variant id) chosen on the product page, once a choice names exactly one: the
 * purchase panel sets it, the spec table shows that option's own values.
 */
export const chosenOption = createStore<string | null>(null);
