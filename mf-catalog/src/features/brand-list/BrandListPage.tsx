import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { CATEGORY_PATHS, type Category, type CarSort } from '@usedcars/shared-contract';
import { errorText } from '@usedcars/shared-auth';
import { ErrorPanel, VisuallyHidden, theme, usePageTitle } from '@usedcars/shared-ui';
import { Field, Select } from '@usedcars/shared-ui/form';
import { isRefusedCursor, useCarPage, useFacets } from '../../lib/carQueries';
import { CarCard } from '../../components/CarCard';
import { CompareLink } from '../../components/CompareLink';
import { EmptyResults } from '../../components/EmptyResults';
import { FacetPanel } from '../../components/FacetPanel';
import { BarTools, ResultsBar, ResultsLayout } from '../../components/ResultsLayout';
import { useSiteSettings } from '../../hooks/useSiteSettings';
import { useBookingDialog } from '../../components/BookingDialogHost';
import { useFirstItemsFirst } from '../../hooks/useFirstItemsFirst';
import {
  DEFAULT_SORT,
  LIST_FACETS,
  brandFacetFilters,
  PAGE_SIZE,
  SORT_LABELS,
  hasFilters,
  readListView,
  withFacets,
  writeListView,
  type CarFilters,
  type ListView,
} from '../../lib/listParams';
import { FilterForm } from '../../components/FilterForm';
import { SaveSearch } from '../../components/SaveSearch';
import { Pagination } from './Pagination';
import { SkeletonGrid } from '../../components/SkeletonGrid';
import { CarGrid } from '../../components/CarGrid';

const Title = styled.h1`
  margin: 32px 0 16px;
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
  flex: 0 1 240px;
`;

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

function describeResults(total: number, view: ListView, shown: number): string {
  if (total === 0) return 'No cars found';
  const first = (view.page - 1) * PAGE_SIZE + 1;
  const noun = total === 1 ? 'car' : 'cars';
  return shown === total ? `${total} ${noun}` : `Showing ${first}–${first + shown - 1} of ${total} ${noun}`;
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
 * sort and page live in the address (see listParams.ts); the API answers one page at a time.
 */
/**
 * The first row's pictures are in view on arrival: the first card's is the phone's largest paint,
 * asked for from the head; the rest of a wide screen's first row is not left to lazy loading.
 */
const FIRST_ROW = 4;
const pictureOf = (index: number) => (index === 0 ? 'priority' : index < FIRST_ROW ? 'eager' : undefined);

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
  const facets = useFacets(brandFacetFilters(category, view.filters));
  const { mileageUnit } = useSiteSettings();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const cars = data?.cars ?? [];
  const shown = useFirstItemsFirst(cars.length, FIRST_ROW);

  // Changing the filters or the sort starts again at page 1; pages of the old view mean nothing.
  const apply: Apply = (next) => setSearchParams(writeListView({ ...view, ...next, page: 1, cursor: undefined }));

  // After a page change, take keyboard and screen-reader users to the top of the new page.
  const shownPage = useRef(view.page);
  useEffect(() => {
    if (shownPage.current === view.page) return;
    shownPage.current = view.page;
    resultsHeading.current?.focus();
    resultsHeading.current?.scrollIntoView?.({ block: 'start' });
  }, [view.page]);

  return (
    <section aria-labelledby="brand-title">
      <Title id="brand-title">{label} cars</Title>
      <FilterForm
        filters={withFacets(view.filters, {})}
        onApply={(typed: CarFilters) => apply({ filters: withFacets(typed, view.filters) })}
        onClear={() => apply({ filters: {} })}
      />
      <SaveRow>
        <SaveSearch category={category} filters={view.filters} sort={view.sort === DEFAULT_SORT ? undefined : view.sort} />
      </SaveRow>
      {cameFromRefusedCursor && <Notice role="status">That link pointed to a place in the list that no longer exists, so here is the first page.</Notice>}

      <Results>
        <FacetPanel
          facets={LIST_FACETS}
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
              {isPending ? 'Loading cars…' : data ? describeResults(data.total, view, data.cars.length) : 'Cars'}
            </h2>
            <BarTools>
              <CompareLink />
              <SortField label="Sort by">
                <Select value={view.sort} onChange={(event) => apply({ sort: event.target.value as CarSort })}>
                  {Object.entries(SORT_LABELS).map(([sort, text]) => (
                    <option key={sort} value={sort}>
                      {text}
                    </option>
                  ))}
                </Select>
              </SortField>
            </BarTools>
          </ResultsBar>

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
            <>
              <CarGrid aria-label={`${label} cars`} aria-busy={isPlaceholderData} $busy={isPlaceholderData}>
                {cars.slice(0, shown).map((car, index) => (
                  <li key={car._id}>
                    <CarCard car={car} onBook={booking.open} picture={pictureOf(index)} />
                  </li>
                ))}
              </CarGrid>
              {isPlaceholderData && <VisuallyHidden role="status">Loading the next cars…</VisuallyHidden>}
              {shown === cars.length && <Pagination view={view} total={data.total} cursors={isPlaceholderData ? undefined : data} />}
            </>
          )}
        </div>
      </Results>
      {booking.dialog}
    </section>
  );
}
