import { renderStandalone } from '@usedcars/shared-auth/standalone';
import { SITE_ROUTES } from '@usedcars/shared-contract';
import PaymentPage from './exposed/PaymentPage';

void renderStandalone([
  { path: SITE_ROUTES.payment, element: <PaymentPage /> },
  { path: '*', element: <p>Open /dashboard/payment/&lt;booking id&gt; to try the payment page.</p> },
]);
