import { usePageTitle } from '@usedcars/shared-ui';
import { RoleOnly } from '../../components/RoleOnly';
import { AddProductForm } from './AddProductForm';

function AddProduct() {
  usePageTitle('Dashboard - Add Product');
  return (
    <>
      <h1>Add Product</h1>
      <p>Every field is required.</p>
      <AddProductForm />
    </>
  );
}

/** /dashboard/addProduct: sellers only (the API refuses anyone else too). */
export default function AddProductPage() {
  return (
    <RoleOnly role="Seller" title="Add Product" reason="Only sellers can add cars.">
      <AddProduct />
    </RoleOnly>
  );
}
