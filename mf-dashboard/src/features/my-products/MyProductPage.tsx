import { usePageTitle } from '@usedcars/shared-ui';

export default function MyProductPage() {
  usePageTitle('Dashboard - My Products');
  return <h1>My Products</h1>;
}
