import { pageSession, startIdentity } from '@usedcars/shared-auth';
import { renderStandalone } from '@usedcars/shared-ui/standalone';
import DashboardLayout from './exposed/DashboardLayout';
import DashboardHome from './exposed/DashboardHome';
import AddProductPage from './exposed/AddProductPage';
import MyProductPage from './exposed/MyProductPage';
import MyBuyersPage from './exposed/MyBuyersPage';
import SavedCarsPage from './exposed/SavedCarsPage';
import SavedSearchesPage from './exposed/SavedSearchesPage';
import ReportsPage from './exposed/ReportsPage';
import AuditLogPage from './exposed/AuditLogPage';
import ReleasesPage from './exposed/ReleasesPage';
import PreviewsPage from './exposed/PreviewsPage';

// This remote's screens alone, where the screen registry places them.
void renderStandalone(
  'dashboard',
  {
    'dashboard/DashboardLayout': DashboardLayout,
    'dashboard/DashboardHome': DashboardHome,
    'dashboard/AddProductPage': AddProductPage,
    'dashboard/MyProductPage': MyProductPage,
    'dashboard/MyBuyersPage': MyBuyersPage,
    'dashboard/SavedCarsPage': SavedCarsPage,
    'dashboard/SavedSearchesPage': SavedSearchesPage,
    'dashboard/ReportsPage': ReportsPage,
    'dashboard/AuditLogPage': AuditLogPage,
    'dashboard/ReleasesPage': ReleasesPage,
    'dashboard/PreviewsPage': PreviewsPage,
  },
  { session: pageSession, startIdentity },
);
