// What the page shares as `react-router-dom`: only the declarative pieces the site uses (docs/architecture.md, "The builds").
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
