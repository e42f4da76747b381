/** The limits of the admin's catalogue screens, shared by the API's checks and the forms. */

/** A price or stock change's reason, as kept in the audit trail. */
export const ADMIN_PRODUCT_REASON_MAX = 300;
/** Products per page of the admin's product list. */
export const ADMIN_PRODUCTS_PAGE_MAX = 100;
