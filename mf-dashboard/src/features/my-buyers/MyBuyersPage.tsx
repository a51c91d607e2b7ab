import { SellerOnly } from '../../components/SellerOnly';
import { MyBuyers } from './MyBuyers';

/** /dashboard/myBuyer (also /dashboard/mybuyer). */
export default function MyBuyersPage() {
  return (
    <SellerOnly title="My Buyers" reason="Only sellers have buyers.">
      <MyBuyers />
    </SellerOnly>
  );
}
