/**
 * The site's own addresses (docs/product.md, "The screens"), written once. Beside CATEGORY_PATHS
 * (categories.ts), which holds the brand lists and car pages. Links and redirects use
 * SITE_PATHS; the shell's route table and a remote's standalone page use SITE_ROUTES.
 */
const DASHBOARD = '/dashboard';
const MESSAGES = '/messages';

export const SITE_PATHS = {
  home: '/',
  login: '/login',
  register: '/register',
  about: '/about',
  blogs: '/blogs',
  /** The site links the dashboard as /Dashboard (navbar, after booking and paying); routes match it case-insensitively. */
  dashboard: '/Dashboard',
  addProduct: `${DASHBOARD}/addProduct`,
  myProduct: `${DASHBOARD}/myProduct`,
  myBuyer: `${DASHBOARD}/myBuyer`,
  // Buyers' saved cars and searches (docs/product.md, "Saved cars").
  savedCars: `${DASHBOARD}/savedCars`,
  savedSearches: `${DASHBOARD}/savedSearches`,
  // Moderation (admin): the reports queue and the audit log.
  reports: `${DASHBOARD}/reports`,
  auditLog: `${DASHBOARD}/auditLog`,
  // The remotes' releases (admin): docs/releases.md, "The Releases screen".
  releases: `${DASHBOARD}/releases`,
  /** The booking id is one path segment, whatever characters it holds. */
  payment: (bookingId: string) => `${DASHBOARD}/payment/${encodeURIComponent(bookingId)}`,
  // Buyers and sellers talk (docs/product.md, "Messages").
  messages: MESSAGES,
  conversation: (conversationId: string) => `${MESSAGES}/${encodeURIComponent(conversationId)}`,
  /** "Ask the seller" on a car's page: the buyer's conversation about that car, or its first message. */
  askSeller: (carId: string) => `${MESSAGES}/new/${encodeURIComponent(carId)}`,
} as const;

/**
 * The same addresses as route patterns. The dashboard's is lower case so its screens can nest
 * under it with absolute paths (the router requires a child's path to start with its parent's).
 */
export const SITE_ROUTES = {
  dashboard: DASHBOARD,
  addProduct: SITE_PATHS.addProduct,
  myProduct: SITE_PATHS.myProduct,
  myBuyer: SITE_PATHS.myBuyer,
  savedCars: SITE_PATHS.savedCars,
  savedSearches: SITE_PATHS.savedSearches,
  reports: SITE_PATHS.reports,
  auditLog: SITE_PATHS.auditLog,
  releases: SITE_PATHS.releases,
  payment: `${DASHBOARD}/payment/:id`,
  messages: MESSAGES,
  askSeller: `${MESSAGES}/new/:carId`,
  conversation: `${MESSAGES}/:conversationId`,
} as const;

/**
 * A message handed to the next page in the navigation state, shown there on arrival (checkout
 * sends 'Congrats! your payment completed' to the dashboard, which shows it as a notice).
 */
export interface ArrivalNotice {
  notice: string;
}

export function arrivalNotice(notice: string): ArrivalNotice {
  return { notice };
}

/** The notice in a location's state, if the page before left one (state can be anything). */
export function noticeFrom(state: unknown): string | undefined {
  const notice = (state as Partial<ArrivalNotice> | null | undefined)?.notice;
  return typeof notice === 'string' && notice ? notice : undefined;
}
