import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { FACET_NAMES, type SearchSort } from '@usedcars/shared-contract';
import { errorText } from '@usedcars/shared-auth';
import { ErrorPanel, VisuallyHidden, usePageTitle } from '@usedcars/shared-ui';
import { Field, Select } from '@usedcars/shared-ui/form';
import { useBookingDialog } from '../../components/BookingDialogHost';
import { CarCard } from '../../components/CarCard';
import { CarGrid } from '../../components/CarGrid';
import { CompareLink } from '../../components/CompareLink';
import { EmptyResults } from '../../components/EmptyResults';
import { FacetPanel } from '../../components/FacetPanel';
import { FilterForm } from '../../components/FilterForm';
import { PageLinks } from '../../components/PageLinks';
import { BarTools, ResultsBar, ResultsLayout } from '../../components/ResultsLayout';
import { SaveSearch } from '../../components/SaveSearch';
import { SkeletonGrid } from '../../components/SkeletonGrid';
import { useFirstItemsFirst } from '../../hooks/useFirstItemsFirst';
import { useSiteSettings } from '../../hooks/useSiteSettings';
import { useFacets, useSearchPage } from '../../lib/carQueries';
import { PAGE_SIZE, hasFilters, withFacets, type CarFilters } from '../../lib/listParams';
import { DEFAULT_SEARCH_SORT, LAST_SEARCH_PAGE, SEARCH_SORT_LABELS, readSearchView, writeSearchView, type SearchView } from '../../lib/searchParams';

const Title = styled.h1`
  margin: 32px 0 16px;
  overflow-wrap: anywhere;
`;

const SaveRow = styled.div`
  margin-top: 12px;
  &:empty {
    display: none;
  }
`;

const Results = styled(ResultsLayout)`
  margin-top: 24px;
`;

const SortField = styled(Field)`
  flex: 0 1 220px;
`;

const FIRST_ROW = 4;
const pictureOf = (index: number) => (index === 0 ? 'priority' : index < FIRST_ROW ? 'eager' : undefined);

function describeResults(total: number, view: SearchView, shown: number): string {
  if (total === 0) return 'No cars found';
  const first = (view.page - 1) * PAGE_SIZE + 1;
  const noun = total === 1 ? 'car' : 'cars';
  return shown === total ? `${total.toLocaleString('en-US')} ${noun}` : `Showing ${first}–${first + shown - 1} of ${total.toLocaleString('en-US')} ${noun}`;
}

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
  const facets = useFacets(view.filters);
  const { mileageUnit } = useSiteSettings();
  const booking = useBookingDialog();
  const cars = data?.cars ?? [];
  const shown = useFirstItemsFirst(cars.length, FIRST_ROW);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const apply: Apply = (next) => setSearchParams(writeSearchView({ ...view, ...next, page: 1 }));
  const toPage = (page: number) => ({ search: `?${writeSearchView({ ...view, page }).toString()}` });

  // After a page change, take keyboard and screen-reader users to the top of the new page.
  const shownPage = useRef(view.page);
  useEffect(() => {
    if (shownPage.current === view.page) return;
    shownPage.current = view.page;
    resultsHeading.current?.focus();
    resultsHeading.current?.scrollIntoView?.({ block: 'start' });
  }, [view.page]);

  const pages = data ? Math.min(Math.max(1, Math.ceil(data.total / PAGE_SIZE)), LAST_SEARCH_PAGE) : 1;
  return (
    <section aria-labelledby="search-title">
      <Title id="search-title" dir="auto">
        {q ? `Cars matching “${q}”` : 'All cars'}
      </Title>
      <FilterForm
        filters={withFacets(view.filters, {})}
        onApply={(typed: CarFilters) => apply({ filters: withFacets(typed, view.filters) })}
        onClear={() => apply({ filters: {} })}
      />
      <SaveRow>
        <SaveSearch filters={view.filters} sort={view.sort === DEFAULT_SEARCH_SORT ? undefined : view.sort} />
      </SaveRow>
      <Results>
        <FacetPanel
          facets={FACET_NAMES}
          counts={facets.data?.facets}
          total={facets.data?.total}
          selection={view.filters}
          unit={mileageUnit}
          updating={facets.isPlaceholderData}
          failed={facets.isError}
          onChange={(selection) => apply({ filters: withFacets(view.filters, selection) })}
        />
        <div>
          <ResultsBar>
            <h2 ref={resultsHeading} tabIndex={-1} aria-live="polite" aria-atomic="true">
              {isPending ? 'Searching…' : data ? describeResults(data.total, view, data.cars.length) : 'Cars'}
            </h2>
            <BarTools>
              <CompareLink />
              <SortField label="Sort by">
                <Select value={view.sort} onChange={(event) => apply({ sort: event.target.value as SearchSort })}>
                  {Object.entries(SEARCH_SORT_LABELS).map(([sort, text]) => (
                    <option key={sort} value={sort}>
                      {text}
                    </option>
                  ))}
                </Select>
              </SortField>
            </BarTools>
          </ResultsBar>
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
            <>
              <CarGrid aria-label="Search results" aria-busy={isPlaceholderData} $busy={isPlaceholderData}>
                {cars.slice(0, shown).map((car, index) => (
                  <li key={car._id}>
                    <CarCard car={car} onBook={booking.open} picture={pictureOf(index)} />
                  </li>
                ))}
              </CarGrid>
              {isPlaceholderData && <VisuallyHidden role="status">Loading the next cars…</VisuallyHidden>}
              {shown === cars.length && pages > 1 ? (
                <PageLinks
                  page={view.page}
                  pages={pages}
                  previous={view.page > 1 && toPage(Math.min(view.page - 1, pages))}
                  next={view.page < pages && toPage(view.page + 1)}
                />
              ) : null}
            </>
          )}
        </div>
      </Results>
      {booking.dialog}
    </section>
  );
}
