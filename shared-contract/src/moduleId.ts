import type { Car } from './car';
import type { Category } from './categories';

export interface BookingDialogProps {
  car: Car;
  /** The person dismissed the dialog (Escape, Close, Cancel). */
  onClose: () => void;
}

type NoProps = Record<string, never>;

/** Keyed `<remote>/<Module>`: the module is that remote's src/exposed/<Module>.tsx. */
export interface ExposedModules {
  'catalog/HomePage': NoProps;
  'catalog/AboutPage': NoProps;
  'catalog/BlogsPage': NoProps;
  'catalog/BrandListPage': { category: Category };
  'catalog/CarDetailPage': { category: Category };
  'catalog/SearchPage': NoProps;
  'catalog/ComparePage': NoProps;
  'dashboard/DashboardLayout': NoProps;
  'dashboard/DashboardHome': NoProps;
  'dashboard/AddProductPage': NoProps;
  'dashboard/MyProductPage': NoProps;
  'dashboard/MyBuyersPage': NoProps;
  'dashboard/SavedCarsPage': NoProps;
  'dashboard/SavedSearchesPage': NoProps;
  'dashboard/ReportsPage': NoProps;
  'dashboard/AuditLogPage': NoProps;
  'dashboard/ReleasesPage': NoProps;
  'dashboard/PreviewsPage': NoProps;
  'checkout/PaymentPage': NoProps;
  /** Not a route: the catalog opens it over its own screens. */
  'checkout/BookingDialog': BookingDialogProps;
  'messages/InboxPage': NoProps;
  'messages/AskSellerPage': NoProps;
  'messages/ConversationPage': NoProps;
}

export type ModuleId = keyof ExposedModules;
export type RemoteName = ModuleId extends `${infer Remote}/${string}` ? Remote : never;
export type ModuleProps<Id extends ModuleId> = ExposedModules[Id];

/** The modules an address shows: every exposed module but the booking dialog, which a screen opens. */
export type ScreenModuleId = Exclude<ModuleId, 'checkout/BookingDialog'>;

export interface ParsedModuleId {
  remote: RemoteName;
  /** The module's name in its remote: its webpack `exposes` key without the `./`. */
  module: string;
}

/** 'catalog/CarDetailPage' → { remote: 'catalog', module: 'CarDetailPage' }. */
export function parseModuleId(id: ModuleId): ParsedModuleId {
  const slash = id.indexOf('/');
  return { remote: id.slice(0, slash) as RemoteName, module: id.slice(slash + 1) };
}
