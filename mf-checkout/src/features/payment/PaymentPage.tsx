import { usePageTitle } from '@usedcars/shared-ui';

export default function PaymentPage() {
  usePageTitle('Dashboard');
  return <h1>Payment</h1>;
}
