import { RoleOnly } from '../../components/RoleOnly';
import { SavedCars } from './SavedCars';

/** /dashboard/savedCars. */
export default function SavedCarsPage() {
  return (
    <RoleOnly role="Buyer" title="Saved cars" reason="Only buyer accounts save cars.">
      <SavedCars />
    </RoleOnly>
  );
}
