import { CATEGORIES, CATEGORY_PATHS } from './categories';
import { COMPARE_SEARCH, FACET_PARAMS, LIST_VIEW_SEARCH, SEARCH_VIEW_SEARCH } from './listing';
import { parseModuleId, type ModuleId, type ModuleProps, type RemoteName, type ScreenModuleId } from './moduleId';
import type { Role } from './roles';
import { LOADERS_MODULE } from './remoteModules';
import { SITE_PATHS, SITE_ROUTES } from './sitePaths';

// Every screen written once; the rest is derived from it (docs/architecture.md, "The screen registry").

export type ShellScreenName = 'LoginPage' | 'RegisterPage' | 'NotFoundPage';

interface ScreenBase {
  /** Route pattern; absent for the index screen of a layout. Matching ignores case. */
  path?: string;
  index?: true;
  /** 'signedIn': the login guard shows a spinner while auth loads and sends a visitor to /login. */
  access: 'open' | 'signedIn';
  /** The screen explains itself to other roles; the API refuses them whatever the page shows. */
  roles?: readonly Role[];
  /** Reads the API or raises toasts: rendered inside the page's QueryClient, with the toaster. */
  readsApi: boolean;
  /** A signed-in screen is rendered on the server only for a verified session cookie. */
  serverRendered: boolean;
  /** Server-rendered markup needing no script: the page keeps it and skips its code (docs/performance.md). */
  staticMarkup?: true;
  /** Parameters read, with their defaults; pages are rendered and cached by these alone (docs/operations.md, "The page cache"). */
  search?: Readonly<Record<string, string>>;
  /** Of `search`, those read with every value they are repeated with (a facet's options). */
  searchLists?: readonly string[];
  /** false: code and data load on the click, not on intent (a form that writes, the payment page). */
  prefetch?: false;
  children?: readonly Screen[];
}

export type RemoteScreen = {
  [Id in ScreenModuleId]: ScreenBase & { module: Id; props: ModuleProps<Id> };
}[ScreenModuleId];

export type ShellScreen = ScreenBase & { shell: ShellScreenName };

export type Screen = RemoteScreen | ShellScreen;

const open = { access: 'open', readsApi: false } as const;
/** A buyer's form that writes: rendered in the browser only, its code and data loaded on the click. */
const buyerForm = { access: 'signedIn', roles: ['Buyer'], readsApi: true, serverRendered: false, prefetch: false } as const;

/** Prepared once in view and the page is idle (docs/architecture.md, "Navigation between screens"). */
export const CALL_TO_ACTION = { 'data-prefetch': 'visible' } as const;
export const CALL_TO_ACTION_SELECTOR = 'a[data-prefetch="visible"]';

/** The route table, in matching order; children nest under their layout. */
export const SCREENS: readonly Screen[] = [
  { ...open, index: true, module: 'catalog/HomePage', props: {}, serverRendered: true, staticMarkup: true },
  { ...open, path: SITE_PATHS.about, module: 'catalog/AboutPage', props: {}, serverRendered: true, staticMarkup: true },
  { ...open, path: SITE_PATHS.blogs, module: 'catalog/BlogsPage', props: {}, serverRendered: true, staticMarkup: true },
  // Server-rendered with their controls disabled until hydrated: nothing can be sent before the page takes the form over.
  { ...open, path: SITE_PATHS.login, shell: 'LoginPage', readsApi: true, serverRendered: true },
  { ...open, path: SITE_PATHS.register, shell: 'RegisterPage', readsApi: true, serverRendered: true },
  {
    ...open,
    path: SITE_PATHS.search,
    module: 'catalog/SearchPage',
    props: {},
    readsApi: true,
    serverRendered: true,
    search: SEARCH_VIEW_SEARCH,
    searchLists: ['brand', ...FACET_PARAMS],
  },
  { ...open, path: SITE_PATHS.compare, module: 'catalog/ComparePage', props: {}, readsApi: true, serverRendered: true, search: COMPARE_SEARCH },
  ...CATEGORIES.flatMap((category): Screen[] => [
    {
      path: CATEGORY_PATHS[category].listRoute,
      module: 'catalog/BrandListPage',
      props: { category },
      access: 'signedIn',
      readsApi: true,
      serverRendered: true,
      search: LIST_VIEW_SEARCH,
      searchLists: FACET_PARAMS,
    },
    {
      path: `${CATEGORY_PATHS[category].detailRoute}/:id`,
      module: 'catalog/CarDetailPage',
      props: { category },
      access: 'open',
      readsApi: true,
      serverRendered: true,
    },
  ]),
  {
    path: SITE_ROUTES.dashboard,
    module: 'dashboard/DashboardLayout',
    props: {},
    access: 'signedIn',
    readsApi: true,
    serverRendered: true,
    children: [
      { index: true, module: 'dashboard/DashboardHome', props: {}, access: 'signedIn', readsApi: true, serverRendered: true },
      {
        path: SITE_ROUTES.addProduct,
        module: 'dashboard/AddProductPage',
        props: {},
        access: 'signedIn',
        roles: ['Seller'],
        readsApi: true,
        serverRendered: false,
        prefetch: false,
      },
      {
        path: SITE_ROUTES.myProduct,
        module: 'dashboard/MyProductPage',
        props: {},
        access: 'signedIn',
        roles: ['Seller'],
        readsApi: true,
        serverRendered: true,
      },
      {
        path: SITE_ROUTES.myBuyer,
        module: 'dashboard/MyBuyersPage',
        props: {},
        access: 'signedIn',
        roles: ['Seller'],
        readsApi: true,
        serverRendered: true,
      },
      {
        path: SITE_ROUTES.savedCars,
        module: 'dashboard/SavedCarsPage',
        props: {},
        access: 'signedIn',
        roles: ['Buyer'],
        readsApi: true,
        serverRendered: false,
      },
      {
        path: SITE_ROUTES.savedSearches,
        module: 'dashboard/SavedSearchesPage',
        props: {},
        access: 'signedIn',
        roles: ['Buyer'],
        readsApi: true,
        serverRendered: false,
      },
      { path: SITE_ROUTES.reports, module: 'dashboard/ReportsPage', props: {}, access: 'signedIn', roles: ['admin'], readsApi: true, serverRendered: false },
      { path: SITE_ROUTES.auditLog, module: 'dashboard/AuditLogPage', props: {}, access: 'signedIn', roles: ['admin'], readsApi: true, serverRendered: false },
      { path: SITE_ROUTES.releases, module: 'dashboard/ReleasesPage', props: {}, access: 'signedIn', roles: ['admin'], readsApi: true, serverRendered: true },
      { path: SITE_ROUTES.previews, module: 'dashboard/PreviewsPage', props: {}, access: 'signedIn', roles: ['admin'], readsApi: true, serverRendered: false },
      { ...buyerForm, path: SITE_ROUTES.payment, module: 'checkout/PaymentPage', props: {} },
    ],
  },
  { path: SITE_ROUTES.messages, module: 'messages/InboxPage', props: {}, access: 'signedIn', readsApi: true, serverRendered: true },
  // The first question is a form: rendered in the browser only, as the other forms are.
  { ...buyerForm, path: SITE_ROUTES.askSeller, module: 'messages/AskSellerPage', props: {} },
  { path: SITE_ROUTES.conversation, module: 'messages/ConversationPage', props: {}, access: 'signedIn', readsApi: true, serverRendered: true },
  { ...open, path: '*', shell: 'NotFoundPage', serverRendered: true },
];

export const EXPOSED_MODULES = [
  'catalog/HomePage',
  'catalog/AboutPage',
  'catalog/BlogsPage',
  'catalog/BrandListPage',
  'catalog/CarDetailPage',
  'catalog/SearchPage',
  'catalog/ComparePage',
  'dashboard/DashboardLayout',
  'dashboard/DashboardHome',
  'dashboard/AddProductPage',
  'dashboard/MyProductPage',
  'dashboard/MyBuyersPage',
  'dashboard/SavedCarsPage',
  'dashboard/SavedSearchesPage',
  'dashboard/ReportsPage',
  'dashboard/AuditLogPage',
  'dashboard/ReleasesPage',
  'dashboard/PreviewsPage',
  'checkout/PaymentPage',
  'checkout/BookingDialog',
  'messages/InboxPage',
  'messages/AskSellerPage',
  'messages/ConversationPage',
] as const satisfies readonly ModuleId[];

// Both lists name every module: a key added to ExposedModules but not here fails to compile.
type Missing = Exclude<ModuleId, (typeof EXPOSED_MODULES)[number]>;
const everyModuleListed: [Missing] extends [never] ? true : Missing = true;
void everyModuleListed;

/** A remote's webpack `exposes`: './HomePage' → './src/exposed/HomePage.tsx', and its loaders ('./loaders' → './src/exposed/loaders.ts'). */
export function exposesOf(remote: RemoteName): Record<string, string> {
  return Object.fromEntries([
    ...EXPOSED_MODULES.map(parseModuleId)
      .filter((parsed) => parsed.remote === remote)
      .map(({ module }) => [`./${module}`, `./src/exposed/${module}.tsx`]),
    [`./${LOADERS_MODULE}`, `./src/exposed/${LOADERS_MODULE}.ts`],
  ]);
}

/** Every screen, depth first, with the screens above it. */
export function flattenScreens(screens: readonly Screen[] = SCREENS, parents: readonly Screen[] = []): Array<{ screen: Screen; parents: readonly Screen[] }> {
  return screens.flatMap((screen) => [{ screen, parents }, ...flattenScreens(screen.children ?? [], [...parents, screen])]);
}
