import { SellerOnly } from '../../components/SellerOnly';
import { MyProducts } from './MyProducts';

/** /dashboard/myProduct. */
export default function MyProductPage() {
  return (
    <SellerOnly title="My Products" reason="Only sellers have a product list.">
      <MyProducts />
    </SellerOnly>
  );
}
