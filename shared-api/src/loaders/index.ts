import type { PrefetchContext, PrefetchResult } from '@usedcars/federation';
import type { ModuleId } from '@usedcars/shared-contract';
import { loadBrandList, loadCarDetail, loadSavedCars } from './catalog';
import { loadDashboardHome, loadMyBuyersPage, loadMyProductPage } from './dashboard';

export * from './catalog';
export * from './dashboard';
export * from './dashboardKeys';
export * from './listView';

/** What a screen reads before it is rendered: the render server and the page's moves both run it (docs/architecture.md, "Moving between screens"). */
export type ScreenLoader<Id extends ModuleId> = (context: PrefetchContext<Id>) => Promise<PrefetchResult | void>;

type ScreenModuleId = Exclude<ModuleId, 'checkout/BookingDialog'>;

/**
 * Every screen module's loader, keyed by module id, under the query keys its hooks read; null for
 * a screen that reads nothing before it is shown (fixed content, a form, the payment page, the
 * moderation and release screens, which are read when shown).
 */
export const SCREEN_LOADERS: { [Id in ScreenModuleId]: ScreenLoader<Id> | null } = {
  'catalog/HomePage': null,
  'catalog/AboutPage': null,
  'catalog/BlogsPage': null,
  'catalog/BrandListPage': loadBrandList,
  'catalog/CarDetailPage': loadCarDetail,
  'dashboard/DashboardLayout': null,
  'dashboard/DashboardHome': loadDashboardHome,
  'dashboard/AddProductPage': null,
  'dashboard/MyProductPage': loadMyProductPage,
  'dashboard/MyBuyersPage': loadMyBuyersPage,
  'dashboard/SavedCarsPage': loadSavedCars,
  'dashboard/SavedSearchesPage': null,
  'dashboard/ReportsPage': null,
  'dashboard/AuditLogPage': null,
  'dashboard/ReleasesPage': null,
  'checkout/PaymentPage': null,
  // The messages remote's screens read through their own `prefetch` (docs/architecture.md, "Moving between screens").
  'messages/InboxPage': null,
  'messages/AskSellerPage': null,
  'messages/ConversationPage': null,
};

/** How recent a loader's read must be for a screen that reads afresh on each visit to show it as it is. */
export const JUST_READ_MS = 10_000;

/**
 * refetchOnMount for a screen that reads afresh on each visit (bookings change at any time): not
 * when its loader read it just now for this very visit (a link pointed at, then clicked), unless changed since.
 */
export function afreshUnlessJustRead(query: { state: { dataUpdatedAt: number; isInvalidated: boolean } }): 'always' | false {
  return query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > JUST_READ_MS ? 'always' : false;
}

/** The loader of a screen module, typed for its own props. */
export function loaderOf<Id extends ScreenModuleId>(id: Id): ScreenLoader<Id> | null {
  return SCREEN_LOADERS[id] as ScreenLoader<Id> | null;
}
