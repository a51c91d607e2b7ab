/**
 * What the page shares as `react-router-dom` (webpack aliases that request here).
 *
 * Why: a shared module is never tree-shaken (the build cannot know what other remotes will
 * use), and react-router-dom's index also carries the server half of React Router (sessions,
 * cookies, request handlers, RSC): about 190 KB of code no browser here runs. Sharing this list
 * instead keeps one router in the page (one copy of its contexts, so the remotes' links and
 * hooks see the shell's router) while only the pieces named below ship.
 *
 * The site uses React Router's declarative mode (Router over its browser history, and a route table through
 * useRoutes), not the data router: it has no loaders or actions, and the data router
 * (createBrowserRouter, RouterProvider, errorElement) is ~15 KB compressed more on the home
 * page (docs/performance.md, "Goals"). Route errors are caught by the shell's RouteErrorBoundary instead.
 *
 * A remote that needs another export adds it here; the build fails loudly (exportsPresence:
 * 'error') rather than handing out `undefined`. Jest and TypeScript still see the real package.
 */
export {
  BrowserRouter,
  Link,
  matchRoutes,
  NavLink,
  Navigate,
  NavigationType,
  Outlet,
  Router,
  UNSAFE_createBrowserHistory,
  UNSAFE_LocationContext,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
export type { NavigateFunction, RouteObject, Params, Location, SetURLSearchParams, To } from 'react-router';
