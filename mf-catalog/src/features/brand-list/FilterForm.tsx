import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Button, GhostButton, theme } from '@usedcars/shared-ui';
import { hasFilters, readListView, type CarFilters } from '../cars/listParams';

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 150px), 1fr));
  gap: 12px 16px;
  align-items: end;
  padding: 16px;
  background: ${theme.color.surface};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
`;

export const Field = styled.label<{ $wide?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 4px;
  font-size: 14px;
  font-weight: 600;
  ${({ $wide }) => ($wide ? 'grid-column: 1 / -1;' : '')}
  input,
  select {
    min-height: 44px;
    padding: 0 12px;
    font: 400 16px ${theme.font};
    color: ${theme.color.ink};
    background: #fff;
    border: 1px solid #b9c0cc;
    border-radius: 8px;
    width: 100%;
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  button {
    flex: 1 1 auto;
  }
`;

/**
 * Search and filters. The fields start from the address and change it only when applied, so
 * typing a price does not fetch a page per keystroke; the parent remounts the form (key) when
 * the address changes by other means (Back, Clear), which resets the fields to match.
 */
export function FilterForm({ filters, onApply }: { filters: CarFilters; onApply: (filters: CarFilters) => void }) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const entries = [...new FormData(event.currentTarget)].map(([key, value]) => [key, String(value)]);
    onApply(readListView(new URLSearchParams(entries)).filters);
  };

  return (
    <Form role="search" aria-label="Search and filter cars" onSubmit={onSubmit}>
      <Field $wide>
        Search
        <input type="search" name="q" defaultValue={filters.q ?? ''} placeholder="Model, city or feature" maxLength={100} />
      </Field>
      <Field>
        Min price ($)
        <input type="number" name="minPrice" min={0} step={1} inputMode="numeric" defaultValue={filters.minPrice ?? ''} />
      </Field>
      <Field>
        Max price ($)
        <input type="number" name="maxPrice" min={0} step={1} inputMode="numeric" defaultValue={filters.maxPrice ?? ''} />
      </Field>
      <Field>
        Year
        <input
          type="text"
          name="year"
          inputMode="numeric"
          pattern="\d{4}"
          maxLength={4}
          title="Four digits, for example 2019"
          placeholder="e.g. 2019"
          defaultValue={filters.year ?? ''}
        />
      </Field>
      <Field>
        Location
        <input type="text" name="location" maxLength={100} placeholder="City or state" defaultValue={filters.location ?? ''} />
      </Field>
      <Buttons>
        <Button type="submit">Apply filters</Button>
        {hasFilters(filters) && (
          <GhostButton type="button" onClick={() => onApply({})}>
            Clear
          </GhostButton>
        )}
      </Buttons>
    </Form>
  );
}
