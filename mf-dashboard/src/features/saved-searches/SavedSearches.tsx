import { Link } from 'react-router-dom';
import { SITE_PATHS, describeSearch, savedSearchPath, type MileageUnit, type SavedSearch } from '@usedcars/shared-contract';
import { usePageTitle } from '@usedcars/shared-ui';
import { BrandLinks } from '../../components/BrandLinks';
import { DataTable, type Column } from '../../components/DataTable';
import { SmallButton, SmallButtonLink } from '../../components/SmallButton';
import { useMileageUnit } from '../../hooks/useMileageUnit';
import { useDeleteSavedSearch, useSavedSearches } from './useSavedSearches';

function DeleteButton({ search }: { search: SavedSearch }) {
  const remove = useDeleteSavedSearch();
  return (
    <SmallButton type="button" aria-label={`Delete ${search.name}`} onClick={() => remove.mutate(search)}>
      Delete
    </SmallButton>
  );
}

const columnsIn = (unit: MileageUnit): Column<SavedSearch>[] => [
  { header: 'Sl No', cell: (_, index) => index + 1, nowrap: true },
  { header: 'Name', cell: (search) => search.name, text: true, card: 'title' },
  { header: 'Filters', cell: (search) => describeSearch(search.filters, unit), text: true, card: 'row' },
  {
    header: 'Open',
    cell: (search) => (
      <SmallButtonLink to={savedSearchPath(search.filters)} aria-label={`Open ${search.name}`}>
        Open
      </SmallButtonLink>
    ),
    nowrap: true,
  },
  { header: 'Delete', cell: (search) => <DeleteButton search={search} />, nowrap: true },
];

/** Saved searches (docs/product.md, "Saved searches"): each opens its brand list, or the search, with its filters. */
export function SavedSearches() {
  usePageTitle('Dashboard - Saved searches');
  const columns = columnsIn(useMileageUnit());
  return (
    <>
      <h1>Saved searches</h1>
      <DataTable
        caption="Saved searches"
        columns={columns}
        query={useSavedSearches()}
        empty={
          <p>
            No saved searches yet. On the <Link to={SITE_PATHS.search}>search</Link> or a brand list (<BrandLinks />
            ), apply filters and press Save this search: you will be told when a matching car is listed or gets cheaper.
          </p>
        }
      />
    </>
  );
}
