import { favouriteKeys } from '@usedcars/shared-api/favourites';
import type { Category } from '@usedcars/shared-contract';

/**
 * The dashboard's query keys, one factory per resource, so a screen that changes data (adding a
 * car, deleting an account) invalidates exactly what the other screens read; the loaders
 * (src/exposed/loaders.ts) read under the same keys.
 */
export const dashboardKeys = {
  users: (role: 'Buyer' | 'Seller') => ['users', { role }] as const,
  account: (email: string) => ['account', { email }] as const,
  sellerCarsAll: () => ['seller-cars'] as const,
  sellerCars: (category: Category, sellerName: string) => ['seller-cars', { category, sellerName }] as const,
  saveCounts: () => ['save-counts'] as const,
  reports: () => ['reports'] as const,
  auditLog: () => ['audit-log'] as const,
  // The release registry: every write there reads the set, the histories and the pins afresh.
  releasesAll: () => ['releases'] as const,
  releasesLive: () => ['releases', 'live'] as const,
  releaseHistory: (remote: string) => ['releases', 'history', { remote }] as const,
  releasePin: () => ['releases', 'pin'] as const,
  canaryAnalysis: (remote: string) => ['releases', 'analysis', { remote }] as const,
  releaseHealth: (remote: string, since: string) => ['release-health', { remote, since }] as const,
  deployTokens: () => ['deploy-tokens'] as const,
  previewLinks: () => ['preview-links'] as const,
  bookings: (email: string) => ['bookings', { email }] as const,
  myBuyers: () => ['my-buyers'] as const,
  // The buyer's saved cars and searches; the catalog's Save car buttons read the same list of favourites.
  favourites: () => favouriteKeys.all,
  savedSearches: () => ['saved-searches'] as const,
};
