import { RoleOnly } from '../../components/RoleOnly';
import { SavedSearches } from './SavedSearches';

/** /dashboard/savedSearches. */
export default function SavedSearchesPage() {
  return (
    <RoleOnly role="Buyer" title="Saved searches" reason="Only buyer accounts save searches.">
      <SavedSearches />
    </RoleOnly>
  );
}
