/** The id of a checkout field's control (the error summary and the first wrong field's focus use it). */
export const fieldId = (name: string) => `checkout-${name}`;
