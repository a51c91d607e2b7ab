import { renderStandalone } from '@usedcars/shared-auth/standalone';
import { CATEGORIES, CATEGORY_PATHS, SITE_PATHS } from '@usedcars/shared-contract';
import HomePage from './exposed/HomePage';
import AboutPage from './exposed/AboutPage';
import BlogsPage from './exposed/BlogsPage';
import BrandListPage from './exposed/BrandListPage';
import CarDetailPage from './exposed/CarDetailPage';

void renderStandalone([
  { path: SITE_PATHS.home, element: <HomePage /> },
  { path: SITE_PATHS.about, element: <AboutPage /> },
  { path: SITE_PATHS.blogs, element: <BlogsPage /> },
  ...CATEGORIES.flatMap((category) => [
    { path: CATEGORY_PATHS[category].listRoute, element: <BrandListPage category={category} /> },
    { path: `${CATEGORY_PATHS[category].detailRoute}/:id`, element: <CarDetailPage category={category} /> },
  ]),
]);
