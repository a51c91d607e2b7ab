import type { Car } from './car';
import { CATEGORIES, CATEGORY_PATHS, type Category } from './categories';
import { LIST_VIEW_SEARCH } from './listing';
import { parseModuleId } from './moduleId';
import type { Role } from './roles';
import { LOADERS_MODULE } from './remoteModules';
import { SITE_PATHS, SITE_ROUTES } from './sitePaths';

/**
 * The screen registry: every screen of the site, written once (docs/architecture.md, "The screen
 * registry"). The shell's route table, the render server's choice of what to render on the server,
 * each remote's `exposes` and each remote's standalone page are all derived from it, and
 * RemoteComponent is typed by it: a wrong module id or wrong props fail type checking.
 *
 * Adding a screen: one entry in ExposedModules (its props) and one in SCREENS (its route), plus
 * the component in the remote's src/exposed/<Module>.tsx.
 */

/** What the catalog hands checkout's booking dialog. */
export interface BookingDialogProps {
  car: Car;
  /** The person dismissed the dialog (Escape, Close, Cancel). */
  onClose: () => void;
}

type NoProps = Record<string, never>;

/**
 * Every module a remote exposes, with the props it takes. The key is `<remote>/<Module>`, and the
 * module lives in that remote's src/exposed/<Module>.tsx.
 */
export interface ExposedModules {
  'catalog/HomePage': NoProps;
  'catalog/AboutPage': NoProps;
  'catalog/BlogsPage': NoProps;
  'catalog/BrandListPage': { category: Category };
  'catalog/CarDetailPage': { category: Category };
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

/** The shell's own screens (its forms and the 404), rendered without a remote. */
export type ShellScreenName = 'LoginPage' | 'RegisterPage' | 'NotFoundPage';

interface ScreenBase {
  /** Route pattern; absent for the index screen of a layout. Matching ignores case. */
  path?: string;
  index?: true;
  /** 'signedIn': the login guard shows a spinner while auth loads and sends a visitor to /login. */
  access: 'open' | 'signedIn';
  /**
   * The roles the screen serves. The screen itself tells anyone else why it is not for them (a
   * seller page says so to a buyer); the API refuses them whatever the page shows.
   */
  roles?: readonly Role[];
  /** Reads the API or raises toasts: rendered inside the page's QueryClient, with the toaster. */
  readsApi: boolean;
  /**
   * Rendered on the server too: its HTML arrives in the first response. A screen that needs a
   * sign-in is, only for a visitor whose session cookie the server verified (docs/architecture.md).
   */
  serverRendered: boolean;
  /**
   * Nothing on it needs a script: its links are plain links (the page's router takes them over). Arriving rendered by the server,
   * the page leaves its markup as it is and does not fetch its code (docs/performance.md); the
   * screen is rendered by its remote only when reached from another screen of the page.
   */
  staticMarkup?: true;
  /**
   * The query parameters the screen reads (useSearchParams, its loader), each with the value it has
   * when absent ('' for none). The render server renders and keeps pages by these alone: any other
   * parameter (utm_source, fbclid) reaches neither (docs/operations.md, "The page cache").
   */
  search?: Readonly<Record<string, string>>;
  /**
   * false: a link to it is not prepared when pointed at, focused or touched (a form that writes,
   * the payment page); its code and data load on the click (docs/architecture.md, "Navigation between screens").
   */
  prefetch?: false;
  children?: readonly Screen[];
}

export type RemoteScreen = {
  [Id in Exclude<ModuleId, 'checkout/BookingDialog'>]: ScreenBase & { module: Id; props: ModuleProps<Id> };
}[Exclude<ModuleId, 'checkout/BookingDialog'>];

export type ShellScreen = ScreenBase & { shell: ShellScreenName };

export type Screen = RemoteScreen | ShellScreen;

const open = { access: 'open', readsApi: false } as const;
/** A buyer's form that writes: rendered in the browser only, its code and data loaded on the click. */
const buyerForm = { access: 'signedIn', roles: ['Buyer'], readsApi: true, serverRendered: false, prefetch: false } as const;

/**
 * Marks a link as its screen's main call to action: once it is in view and the page is idle, its
 * address is prepared as a pointed-at link is (docs/architecture.md, "Navigation between screens").
 */
export const CALL_TO_ACTION = { 'data-prefetch': 'visible' } as const;
export const CALL_TO_ACTION_SELECTOR = 'a[data-prefetch="visible"]';

/** The route table, in matching order; children nest under their layout. */
export const SCREENS: readonly Screen[] = [
  { ...open, index: true, module: 'catalog/HomePage', props: {}, serverRendered: true, staticMarkup: true },
  { ...open, path: SITE_PATHS.about, module: 'catalog/AboutPage', props: {}, serverRendered: true, staticMarkup: true },
  { ...open, path: SITE_PATHS.blogs, module: 'catalog/BlogsPage', props: {}, serverRendered: true, staticMarkup: true },
  // Rendered in the browser: a form rendered by the server could be sent by the browser itself before
  // the page takes it over (the password in the address bar), and these pages have no picture
  // or content worth arriving early.
  { ...open, path: SITE_PATHS.login, shell: 'LoginPage', readsApi: true, serverRendered: false },
  { ...open, path: SITE_PATHS.register, shell: 'RegisterPage', readsApi: true, serverRendered: false },
  ...CATEGORIES.flatMap((category): Screen[] => [
    {
      path: CATEGORY_PATHS[category].listRoute,
      module: 'catalog/BrandListPage',
      props: { category },
      access: 'signedIn',
      readsApi: true,
      serverRendered: true,
      search: LIST_VIEW_SEARCH,
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
      // A form (and the payment page, Stripe's): rendered in the browser only, as the login form is.
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
      // Buyers' saved cars and searches.
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
      // Moderation (admin): the reports queue and the audit log.
      { path: SITE_ROUTES.reports, module: 'dashboard/ReportsPage', props: {}, access: 'signedIn', roles: ['admin'], readsApi: true, serverRendered: false },
      { path: SITE_ROUTES.auditLog, module: 'dashboard/AuditLogPage', props: {}, access: 'signedIn', roles: ['admin'], readsApi: true, serverRendered: false },
      // The remotes' releases and their health (admin).
      { path: SITE_ROUTES.releases, module: 'dashboard/ReleasesPage', props: {}, access: 'signedIn', roles: ['admin'], readsApi: true, serverRendered: false },
      { ...buyerForm, path: SITE_ROUTES.payment, module: 'checkout/PaymentPage', props: {} },
    ],
  },
  // Buyers and sellers talk (docs/product.md, "Messages"): each person's own, rendered for them.
  { path: SITE_ROUTES.messages, module: 'messages/InboxPage', props: {}, access: 'signedIn', readsApi: true, serverRendered: true },
  // The first question is a form: rendered in the browser only, as the other forms are.
  { ...buyerForm, path: SITE_ROUTES.askSeller, module: 'messages/AskSellerPage', props: {} },
  { path: SITE_ROUTES.conversation, module: 'messages/ConversationPage', props: {}, access: 'signedIn', readsApi: true, serverRendered: true },
  { ...open, path: '*', shell: 'NotFoundPage', serverRendered: true },
];

/** Every exposed module's id, with the remote it belongs to. */
export const EXPOSED_MODULES = [
  'catalog/HomePage',
  'catalog/AboutPage',
  'catalog/BlogsPage',
  'catalog/BrandListPage',
  'catalog/CarDetailPage',
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
