import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FACET_NAMES } from '@usedcars/shared-contract';
import { ErrorPanel, errorText, usePageTitle } from '@usedcars/shared-ui';
import { useBookingDialog } from '../../components/BookingDialogHost';
import { CarCards, ListFacets, ResultsHeader, describeResults } from '../../components/CarResults';
import { useResultsHeading } from '../../hooks/useResultsHeading';
import { EmptyResults } from '../../components/EmptyResults';
import { FilterForm } from '../../components/FilterForm';
import { PageLinks } from '../../components/PageLinks';
import { PageTitle, ResultsLayout, SaveRow } from '../../components/ResultsLayout';
import { SaveSearch } from '../../components/SaveSearch';
import { SkeletonGrid } from '../../components/SkeletonGrid';
import { useSearchPage } from '../../lib/carQueries';
import { PAGE_SIZE, hasFilters, withFacets, type CarFilters } from '../../lib/listParams';
import { DEFAULT_SEARCH_SORT, LAST_SEARCH_PAGE, SEARCH_SORT_LABELS, readSearchView, writeSearchView, type SearchView } from '../../lib/searchParams';

type Apply = (next: Partial<Pick<SearchView, 'filters' | 'sort'>>) => void;

/**
 * One search across every brand (docs/product.md, "Search"): words from the navbar or the form,
 * the facets with their counts, the sort and the page, all in the address, rendered by the server.
 */
export default function SearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => readSearchView(searchParams), [searchParams]);
  const q = view.filters.q;
  usePageTitle(q ? `Search: ${q}` : 'Search');
  const results = useSearchPage(view);
  const { data, isPending, isError, error, refetch, isPlaceholderData } = results;
  const booking = useBookingDialog();
  const cars = data?.cars ?? [];
  const resultsHeading = useResultsHeading(view.page);

  const apply: Apply = (next) => setSearchParams(writeSearchView({ ...view, ...next, page: 1 }));
  const toPage = (page: number) => ({ search: `?${writeSearchView({ ...view, page }).toString()}` });

  const pages = data ? Math.min(Math.max(1, Math.ceil(data.total / PAGE_SIZE)), LAST_SEARCH_PAGE) : 1;
  return (
    <section aria-labelledby="search-title">
      <PageTitle id="search-title" dir="auto">
        {q ? `Cars matching “${q}”` : 'All cars'}
      </PageTitle>
      <FilterForm
        filters={withFacets(view.filters, {})}
        onApply={(typed: CarFilters) => apply({ filters: withFacets(typed, view.filters) })}
        onClear={() => apply({ filters: {} })}
      />
      <SaveRow>
        <SaveSearch filters={view.filters} sort={view.sort === DEFAULT_SEARCH_SORT ? undefined : view.sort} />
      </SaveRow>
      <ResultsLayout>
        <ListFacets names={FACET_NAMES} counted={view.filters} filters={view.filters} onChange={(filters) => apply({ filters })} />
        <div>
          <ResultsHeader
            headingRef={resultsHeading}
            heading={isPending ? 'Searching…' : data ? describeResults(data.total, view.page, data.cars.length) : 'Cars'}
            sort={view.sort}
            labels={SEARCH_SORT_LABELS}
            onSort={(sort) => apply({ sort })}
          />
          {isError ? (
            <ErrorPanel title="We could not search the cars." message={errorText(error)} retrying={results.isFetching} onRetry={() => void refetch()} />
          ) : isPending ? (
            <SkeletonGrid count={8} />
          ) : cars.length === 0 ? (
            hasFilters(view.filters) ? (
              <EmptyResults
                title={q ? `No cars match “${q}”` : 'No cars match your filters'}
                hint="Check the spelling, try fewer words or filters, or clear them."
                action={{ text: 'Clear filters', onClick: () => apply({ filters: {} }) }}
              />
            ) : (
              <EmptyResults title="No cars are listed right now" hint="Sellers add cars every day. Please look again soon." />
            )
          ) : (
            <CarCards
              cars={cars}
              label="Search results"
              busy={isPlaceholderData}
              onBook={booking.open}
              footer={
                pages > 1 ? (
                  <PageLinks
                    page={view.page}
                    pages={pages}
                    previous={view.page > 1 && toPage(Math.min(view.page - 1, pages))}
                    next={view.page < pages && toPage(view.page + 1)}
                  />
                ) : null
              }
            />
          )}
        </div>
      </ResultsLayout>
      {booking.dialog}
    </section>
  );
}
