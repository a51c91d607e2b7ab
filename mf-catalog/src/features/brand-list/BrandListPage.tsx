import { useEffect, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { CATEGORY_PATHS, type Category } from '@usedcars/shared-contract';
import { ErrorPanel, errorText, theme, usePageTitle } from '@usedcars/shared-ui';
import { isRefusedCursor, useCarPage } from '../../lib/carQueries';
import { useBookingDialog } from '../../components/BookingDialogHost';
import { CarCards, ListFacets, ResultsHeader, describeResults } from '../../components/CarResults';
import { useResultsHeading } from '../../hooks/useResultsHeading';
import { EmptyResults } from '../../components/EmptyResults';
import { FilterForm } from '../../components/FilterForm';
import { PageTitle, ResultsLayout, SaveRow } from '../../components/ResultsLayout';
import { SaveSearch } from '../../components/SaveSearch';
import { SkeletonGrid } from '../../components/SkeletonGrid';
import {
  DEFAULT_SORT,
  LIST_FACETS,
  SORT_LABELS,
  brandFacetFilters,
  hasFilters,
  readListView,
  withFacets,
  writeListView,
  type CarFilters,
  type ListView,
} from '../../lib/listParams';
import { Pagination } from './Pagination';

const Notice = styled.p`
  margin: 16px 0 0;
  padding: 12px 16px;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-left: 4px solid ${theme.color.focus};
  border-radius: ${theme.radius};
`;

/** Set on the page-1 address a refused cursor is replaced with, so the page can say why it is there. */
interface ListLocationState {
  cursorRefused?: boolean;
}

type Apply = (next: Partial<Pick<ListView, 'filters' | 'sort'>>) => void;

/** No cars on this page: say why, and offer the way out that fits (clear filters, first page). */
function EmptyState({ label, view, onApply }: { label: string; view: ListView; onApply: Apply }) {
  const { title, hint, action } = hasFilters(view.filters)
    ? {
        title: `No ${label} cars match your search`,
        hint: 'Try a wider price range, fewer filters or another location, or clear the filters.',
        action: { text: 'Clear filters', next: { filters: {} } },
      }
    : view.page > 1
      ? { title: 'This page is empty', hint: 'There are fewer cars than there were. Go back to the first page.', action: { text: 'First page', next: {} } }
      : { title: `No ${label} cars are listed right now`, hint: 'Sellers add cars every day. Please look again soon.', action: null };
  return <EmptyResults title={title} hint={hint} action={action ? { text: action.text, onClick: () => onApply(action.next) } : undefined} />;
}

/**
 * One brand's cars (docs/product.md, "Brand list"), the same screen for all three. Search, filters,
 * sort and page live in the address (see listParams.ts); the API returns one page at a time.
 */
export default function BrandListPage({ category }: { category: Category }) {
  usePageTitle('Used Cars');
  const { label } = CATEGORY_PATHS[category];
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const view = useMemo(() => readListView(searchParams), [searchParams]);
  const listQuery = useCarPage(category, view);
  // isFetching is read only in the error panel: a refetch in the background then renders nothing (docs/performance.md, "A hydrated screen renders once").
  const { data, isPending, isError, error, refetch, isPlaceholderData } = listQuery;
  // A cursor from an old or edited link that the API no longer takes (its 400) is no error of the
  // person's: the same search starts again at page 1, in place of the dead address, and says so.
  const cursorRefused = isRefusedCursor(view, error);
  useEffect(() => {
    if (!cursorRefused) return;
    const state: ListLocationState = { cursorRefused: true };
    setSearchParams(writeListView({ ...view, page: 1, cursor: undefined }), { replace: true, state });
  }, [cursorRefused, view, setSearchParams]);
  const cameFromRefusedCursor = (location.state as ListLocationState | null)?.cursorRefused === true;
  const booking = useBookingDialog();
  const resultsHeading = useResultsHeading(view.page);
  const cars = data?.cars ?? [];

  // Changing the filters or the sort starts again at page 1; pages of the old view mean nothing.
  const apply: Apply = (next) => setSearchParams(writeListView({ ...view, ...next, page: 1, cursor: undefined }));

  return (
    <section aria-labelledby="brand-title">
      <PageTitle id="brand-title">{label} cars</PageTitle>
      <FilterForm
        filters={withFacets(view.filters, {})}
        onApply={(typed: CarFilters) => apply({ filters: withFacets(typed, view.filters) })}
        onClear={() => apply({ filters: {} })}
      />
      <SaveRow>
        <SaveSearch category={category} filters={view.filters} sort={view.sort === DEFAULT_SORT ? undefined : view.sort} />
      </SaveRow>
      {cameFromRefusedCursor && <Notice role="status">That link pointed to a place in the list that no longer exists, so here is the first page.</Notice>}

      <ResultsLayout>
        <ListFacets names={LIST_FACETS} counted={brandFacetFilters(category, view.filters)} filters={view.filters} onChange={(filters) => apply({ filters })} />
        <div>
          <ResultsHeader
            headingRef={resultsHeading}
            heading={isPending ? 'Loading cars…' : data ? describeResults(data.total, view.page, data.cars.length) : 'Cars'}
            sort={view.sort}
            labels={SORT_LABELS}
            onSort={(sort) => apply({ sort })}
          />

          {cursorRefused ? (
            // On its way to page 1 (the effect above): no error panel flashes in between.
            <SkeletonGrid count={8} />
          ) : isError ? (
            // A failed list says so and offers Retry: a blank grid would read as "no cars".
            <ErrorPanel
              title={`We could not load the ${label} cars.`}
              message={errorText(error)}
              retrying={listQuery.isFetching}
              onRetry={() => void refetch()}
            />
          ) : isPending ? (
            <SkeletonGrid count={8} />
          ) : cars.length === 0 ? (
            <EmptyState label={label} view={view} onApply={apply} />
          ) : (
            <CarCards
              cars={cars}
              label={`${label} cars`}
              busy={isPlaceholderData}
              onBook={booking.open}
              footer={<Pagination view={view} total={data.total} cursors={isPlaceholderData ? undefined : data} />}
            />
          )}
        </div>
      </ResultsLayout>
      {booking.dialog}
    </section>
  );
}
