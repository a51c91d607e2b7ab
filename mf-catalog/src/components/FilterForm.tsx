import { useState, type ChangeEvent, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, GhostButton, theme } from '@usedcars/shared-ui';
import { Field, Input } from '@usedcars/shared-ui/form';
import { FILTER_KEYS, readFilters, sameFilters, type CarFilters } from '../lib/listParams';

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 130px), 1fr));
  gap: 12px 16px;
  align-items: end;
  padding: 16px;
  background: ${theme.color.surface};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
`;

const SearchField = styled(Field)`
  grid-column: 1 / -1;
`;

const Buttons = styled.div`
  /* On a phone the fields pair up two by two; the buttons take a row of their own. */
  @media (max-width: 480px) {
    grid-column: 1 / -1;
  }
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  button {
    flex: 1 1 auto;
  }
`;

type Draft = Record<(typeof FILTER_KEYS)[number], string>;

const toDraft = (filters: CarFilters): Draft =>
  Object.fromEntries(FILTER_KEYS.map((key) => [key, filters[key] === undefined ? '' : String(filters[key])])) as Draft;

/**
 * Search and the filters typed in (the facets are picked beside the list). The fields are a draft that changes the address only when applied, so
 * typing a price does not fetch a page per keystroke. When the address changes by other means
 * (Back, Clear, a link) the draft follows it; the form is never remounted, so keyboard focus
 * stays where it was.
 */
export function FilterForm({ filters, onApply, onClear }: { filters: CarFilters; onApply: (filters: CarFilters) => void; onClear: () => void }) {
  const [draft, setDraft] = useState(() => toDraft(filters));
  const [applied, setApplied] = useState(filters);
  if (!sameFilters(applied, filters)) {
    setApplied(filters);
    setDraft(toDraft(filters));
  }

  const field = (key: keyof Draft) => ({
    name: key,
    value: draft[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setDraft((current) => ({ ...current, [key]: event.target.value })),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(readFilters(new URLSearchParams(draft), []));
  };

  return (
    <Form role="search" aria-label="Search and filter cars" onSubmit={onSubmit}>
      <SearchField label="Search">
        <Input type="search" dir="auto" placeholder="Model, city or feature" maxLength={100} {...field('q')} />
      </SearchField>
      <Field label="Min price ($)">
        <Input type="number" min={0} step={1} inputMode="numeric" {...field('minPrice')} />
      </Field>
      <Field label="Max price ($)">
        <Input type="number" min={0} step={1} inputMode="numeric" {...field('maxPrice')} />
      </Field>
      <Field label="Location">
        <Input type="text" dir="auto" maxLength={100} placeholder="City or state" {...field('location')} />
      </Field>
      <Buttons>
        <Button type="submit">Apply filters</Button>
        {/* Always there (clearing nothing is harmless), so focus is not lost when it has done its job. */}
        <GhostButton type="button" onClick={onClear}>
          Clear
        </GhostButton>
      </Buttons>
    </Form>
  );
}
