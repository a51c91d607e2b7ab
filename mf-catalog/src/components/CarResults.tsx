import { Suspense, type ReactNode, type Ref } from 'react';
import styled from 'styled-components';
import type { Car, FacetName } from '@usedcars/shared-contract';
import { VisuallyHidden } from '@usedcars/shared-ui';
import { Field, Select } from '@usedcars/shared-ui/form';
import { useFirstItemsFirst } from '../hooks/useFirstItemsFirst';
import { useSiteSettings } from '../hooks/useSiteSettings';
import { useFacets } from '../lib/carQueries';
import { PAGE_SIZE, withFacets, type CarFilters } from '../lib/listParams';
import type { OpenBooking } from './CarActions';
import { CarCard } from './CarCard';
import { CarGrid } from './CarGrid';
import { CompareLink } from './CompareLink';
import { FacetPanel } from './FacetPanel';
import { BarTools, ResultsBar } from './ResultsLayout';

/**
 * The first row's pictures are in view on arrival: the first card's is the phone's largest paint,
 * asked for from the head; the rest of a wide screen's first row is not left to lazy loading.
 */
const FIRST_ROW = 4;
const pictureOf = (index: number) => (index === 0 ? 'priority' : index < FIRST_ROW ? 'eager' : undefined);

/** "24 cars", "Showing 25–48 of 130 cars" or "No cars found", for a page of `shown` cars. */
export function describeResults(total: number, page: number, shown: number): string {
  if (total === 0) return 'No cars found';
  const count = (n: number) => n.toLocaleString('en-US');
  const first = (page - 1) * PAGE_SIZE + 1;
  const noun = total === 1 ? 'car' : 'cars';
  return shown === total ? `${count(total)} ${noun}` : `Showing ${count(first)}–${count(first + shown - 1)} of ${count(total)} ${noun}`;
}

const SortField = styled(Field)`
  flex: 0 1 240px;
`;

/** The results' heading (focused after a page change), Compare (n) and Sort by. */
export function ResultsHeader<Sort extends string>({
  headingRef,
  heading,
  sort,
  labels,
  onSort,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  heading: string;
  sort: Sort;
  labels: Record<Sort, string>;
  onSort: (sort: Sort) => void;
}) {
  return (
    <ResultsBar>
      <h2 ref={headingRef} tabIndex={-1} aria-live="polite" aria-atomic="true">
        {heading}
      </h2>
      <BarTools>
        <CompareLink />
        <SortField label="Sort by">
          <Select value={sort} onChange={(event) => onSort(event.target.value as Sort)}>
            {(Object.entries(labels) as [Sort, string][]).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </Select>
        </SortField>
      </BarTools>
    </ResultsBar>
  );
}

/** A page of cars as cards, the first row first, dimmed while the next page arrives, then `footer` (the page links). */
export function CarCards({ cars, label, busy, onBook, footer }: { cars: Car[]; label: string; busy: boolean; onBook: OpenBooking; footer: ReactNode }) {
  const shown = useFirstItemsFirst(cars.length, FIRST_ROW);
  return (
    <>
      <CarGrid aria-label={label} aria-busy={busy} $busy={busy}>
        {cars.slice(0, shown).map((car, index) => {
          const card = (
            <li key={car._id}>
              <CarCard car={car} onBook={onBook} picture={pictureOf(index)} />
            </li>
          );
          // A boundary per card below the first row: React hydrates each in a task of its own (docs/performance.md, "Cards hydrated in boundaries of their own").
          return index < FIRST_ROW ? (
            card
          ) : (
            <Suspense key={car._id} fallback={null}>
              {card}
            </Suspense>
          );
        })}
      </CarGrid>
      {busy && <VisuallyHidden role="status">Loading the next cars…</VisuallyHidden>}
      {shown === cars.length ? footer : null}
    </>
  );
}

/** The facets of a list, counted for `counted` (a brand list's: with its brand), their picks those of `filters`. */
export function ListFacets({
  names,
  counted,
  filters,
  onChange,
}: {
  names: readonly FacetName[];
  counted: CarFilters;
  filters: CarFilters;
  onChange: (filters: CarFilters) => void;
}) {
  const facets = useFacets(counted);
  const { mileageUnit } = useSiteSettings();
  return (
    <FacetPanel
      facets={names}
      counts={facets.data?.facets}
      total={facets.data?.total}
      selection={filters}
      unit={mileageUnit}
      updating={facets.isPlaceholderData}
      failed={facets.isError}
      onChange={(selection) => onChange(withFacets(filters, selection))}
    />
  );
}
