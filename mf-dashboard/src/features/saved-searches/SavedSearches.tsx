import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CATEGORIES, CATEGORY_PATHS, SITE_PATHS, describeSearch, savedSearchPath, type MileageUnit, type SavedSearch } from '@usedcars/shared-contract';
import { GhostButton, buttonStyles, theme, usePageTitle } from '@usedcars/shared-ui';
import { DataTable, type Column } from '../../components/DataTable';
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
  { header: 'Name', cell: (search) => search.name, text: true },
  { header: 'Filters', cell: (search) => describeSearch(search.filters, unit), text: true },
  {
    header: 'Open',
    cell: (search) => (
      <OpenLink to={savedSearchPath(search.filters)} aria-label={`Open ${search.name}`}>
        Open
      </OpenLink>
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
            No saved searches yet. On the <Link to={SITE_PATHS.search}>search</Link> or a brand list (
            {CATEGORIES.map((category, index) => (
              <Fragment key={category}>
                {index > 0 && ', '}
                <Link to={CATEGORY_PATHS[category].listRoute}>{CATEGORY_PATHS[category].label}</Link>
              </Fragment>
            ))}
            ), apply filters and press Save this search: you will be told when a matching car is listed or gets cheaper.
          </p>
        }
      />
    </>
  );
}

const SmallButton = styled(GhostButton)`
  padding: 0 14px;
  font-size: 14px;
`;

const OpenLink = styled(Link)`
  ${buttonStyles};
  padding: 0 14px;
  font-size: 14px;
  background: ${theme.color.brand};
  color: #fff;
  &:hover {
    background: ${theme.color.brandDark};
    color: #fff;
  }
`;
