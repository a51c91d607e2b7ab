import { usePageTitle } from '@usedcars/shared-ui';

export default function MyBuyersPage() {
  usePageTitle('Dashboard');
  return <h1>My Buyers</h1>;
}
