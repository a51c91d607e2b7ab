import { renderStandalone } from '@usedcars/federation/standalone';
import HomePage from './exposed/HomePage';
import AboutPage from './exposed/AboutPage';
import BlogsPage from './exposed/BlogsPage';
import BrandListPage from './exposed/BrandListPage';
import CarDetailPage from './exposed/CarDetailPage';

// This remote's screens alone, where the screen registry places them.
void renderStandalone('catalog', {
  'catalog/HomePage': HomePage,
  'catalog/AboutPage': AboutPage,
  'catalog/BlogsPage': BlogsPage,
  'catalog/BrandListPage': BrandListPage,
  'catalog/CarDetailPage': CarDetailPage,
});
