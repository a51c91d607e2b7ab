import { BuyerOnly } from '../../components/SellerOnly';
import { SavedCars } from './SavedCars';

/** /dashboard/savedCars. */
export default function SavedCarsPage() {
  return (
    <BuyerOnly title="Saved cars" reason="Only buyer accounts save cars.">
      <SavedCars />
    </BuyerOnly>
  );
}
