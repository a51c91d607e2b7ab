/** Role names exactly as stored and sent on the wire; admin is lower case (docs/product.md, "Who uses it"). */
export const ROLES = ['Buyer', 'Seller', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles a person may pick for themselves; admin is granted only by an operator. */
export const SELF_SERVICE_ROLES = ['Buyer', 'Seller'] as const;
export type SelfServiceRole = (typeof SELF_SERVICE_ROLES)[number];
