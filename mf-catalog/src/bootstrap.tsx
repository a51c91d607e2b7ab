import { pageSession, startIdentity } from '@usedcars/shared-auth';
import { renderStandalone } from '@usedcars/shared-ui/standalone';
import HomePage from './exposed/HomePage';
import AboutPage from './exposed/AboutPage';
import BlogsPage from './exposed/BlogsPage';
import BrandListPage from './exposed/BrandListPage';
import CarDetailPage from './exposed/CarDetailPage';
import SearchPage from './exposed/SearchPage';
import ComparePage from './exposed/ComparePage';

// This remote's screens alone, where the screen registry places them.
void renderStandalone(
  'catalog',
  {
    'catalog/HomePage': HomePage,
    'catalog/AboutPage': AboutPage,
    'catalog/BlogsPage': BlogsPage,
    'catalog/BrandListPage': BrandListPage,
    'catalog/CarDetailPage': CarDetailPage,
    'catalog/SearchPage': SearchPage,
    'catalog/ComparePage': ComparePage,
  },
  { session: pageSession, startIdentity },
);
