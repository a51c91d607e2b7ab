import { renderStandalone } from '@usedcars/shared-auth';
import { CATEGORIES, CATEGORY_PATHS } from '@usedcars/shared-contract';
import HomePage from './exposed/HomePage';
import AboutPage from './exposed/AboutPage';
import BlogsPage from './exposed/BlogsPage';
import BrandListPage from './exposed/BrandListPage';
import CarDetailPage from './exposed/CarDetailPage';

void renderStandalone([
  { path: '/', element: <HomePage /> },
  { path: '/about', element: <AboutPage /> },
  { path: '/blogs', element: <BlogsPage /> },
  ...CATEGORIES.flatMap((category) => [
    { path: CATEGORY_PATHS[category].listRoute, element: <BrandListPage category={category} /> },
    { path: `${CATEGORY_PATHS[category].detailRoute}/:id`, element: <CarDetailPage category={category} /> },
  ]),
]);
