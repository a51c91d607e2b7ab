import { pageSession, startIdentity } from '@usedcars/shared-auth';
import { renderStandalone } from '@usedcars/shared-ui/standalone';
import PaymentPage from './exposed/PaymentPage';
import BookingDialog from './exposed/BookingDialog';

// This remote's screens alone, where the screen registry places them (the booking dialog is
// not a screen: the catalog opens it over its own).
void renderStandalone(
  'checkout',
  {
    'checkout/PaymentPage': PaymentPage,
    'checkout/BookingDialog': BookingDialog,
  },
  { session: pageSession, startIdentity },
);
