import { BuyerOnly } from '../../components/SellerOnly';
import { SavedSearches } from './SavedSearches';

/** /dashboard/savedSearches. */
export default function SavedSearchesPage() {
  return (
    <BuyerOnly title="Saved searches" reason="Only buyer accounts save searches.">
      <SavedSearches />
    </BuyerOnly>
  );
}
