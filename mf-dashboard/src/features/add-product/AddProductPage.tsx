import { usePageTitle } from '@usedcars/shared-ui';

export default function AddProductPage() {
  usePageTitle('Dashboard - Add Product');
  return <h1>Add Product</h1>;
}
