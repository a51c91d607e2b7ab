import { RoleOnly } from '../../components/RoleOnly';
import { MyBuyers } from './MyBuyers';

/** /dashboard/myBuyer (also /dashboard/mybuyer). */
export default function MyBuyersPage() {
  return (
    <RoleOnly role="Seller" title="My Buyers" reason="Only sellers have buyers.">
      <MyBuyers />
    </RoleOnly>
  );
}
