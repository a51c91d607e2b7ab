// Links and redirects use SITE_PATHS, route tables SITE_ROUTES; brand lists and car pages are CATEGORY_PATHS.
const DASHBOARD = '/dashboard';
const MESSAGES = '/messages';

export const SITE_PATHS = {
  home: '/',
  login: '/login',
  register: '/register',
  about: '/about',
  blogs: '/blogs',
  search: '/search',
  compare: '/compare',
  /** Routes match case-insensitively. */
  dashboard: '/Dashboard',
  addProduct: `${DASHBOARD}/addProduct`,
  myProduct: `${DASHBOARD}/myProduct`,
  myBuyer: `${DASHBOARD}/myBuyer`,
  savedCars: `${DASHBOARD}/savedCars`,
  savedSearches: `${DASHBOARD}/savedSearches`,
  reports: `${DASHBOARD}/reports`,
  auditLog: `${DASHBOARD}/auditLog`,
  releases: `${DASHBOARD}/releases`,
  previews: `${DASHBOARD}/previews`,
  payment: (bookingId: string) => `${DASHBOARD}/payment/${encodeURIComponent(bookingId)}`,
  messages: MESSAGES,
  conversation: (conversationId: string) => `${MESSAGES}/${encodeURIComponent(conversationId)}`,
  askSeller: (carId: string) => `${MESSAGES}/new/${encodeURIComponent(carId)}`,
} as const;

/** Lower-case dashboard: the router requires a child's absolute path to start with its parent's. */
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
  previews: SITE_PATHS.previews,
  payment: `${DASHBOARD}/payment/:id`,
  messages: MESSAGES,
  askSeller: `${MESSAGES}/new/:carId`,
  conversation: `${MESSAGES}/:conversationId`,
} as const;

/** Handed to the next screen in the navigation state, shown there on arrival. */
export interface ArrivalNotice {
  notice: string;
}

export function arrivalNotice(notice: string): ArrivalNotice {
  return { notice };
}

export function noticeFrom(state: unknown): string | undefined {
  const notice = (state as Partial<ArrivalNotice> | null | undefined)?.notice;
  return typeof notice === 'string' && notice ? notice : undefined;
}
