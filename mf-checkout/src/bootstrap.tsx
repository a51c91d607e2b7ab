import { renderStandalone } from '@usedcars/shared-auth';
import PaymentPage from './exposed/PaymentPage';

void renderStandalone([
  { path: '/dashboard/payment/:id', element: <PaymentPage /> },
  { path: '*', element: <p>Open /dashboard/payment/&lt;booking id&gt; to try the payment page.</p> },
]);
