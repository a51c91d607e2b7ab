import { RoleOnly } from '../../components/RoleOnly';
import { MyProducts } from './MyProducts';

/** /dashboard/myProduct. */
export default function MyProductPage() {
  return (
    <RoleOnly role="Seller" title="My Products" reason="Only sellers have a product list.">
      <MyProducts />
    </RoleOnly>
  );
}
