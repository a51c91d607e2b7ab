import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import styled from 'styled-components';
import { saveSearch } from '@usedcars/shared-api/alerts';
import { describeSearch, type Category, type MileageUnit, type SavedSearchInput, type SearchFilters, type SearchSort } from '@usedcars/shared-contract';
import { errorText, GhostButton, theme } from '@usedcars/shared-ui';
import { Dialog } from '@usedcars/shared-ui/dialog';
import { Field, FormActions, Input } from '@usedcars/shared-ui/form';
import { type CarFilters } from '../lib/listParams';
import { FORM_UNCHECKED, loadFormSchemas } from '../lib/loadFormSchemas';
import { useIsBuyer } from '../hooks/useIsBuyer';
import { useSiteSettings } from '../hooks/useSiteSettings';

/**
 * The list's view as a saved search's filters: a brand list's (its category) or the search's (none),
 * facets and all; a minimum of $0 is no minimum, the default sort no sort (as in the list's address).
 */
function toSearchFilters(category: Category | undefined, filters: CarFilters, sort: SearchSort | undefined): SearchFilters {
  const all = { category, ...filters, minPrice: filters.minPrice || undefined, sort };
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined)) as SearchFilters;
}

/** The schema's first message for the name, and one for the filters (a min above the max, say). */
async function validate(input: SavedSearchInput): Promise<{ name?: string; filters?: string } | null> {
  const { savedSearchInputSchema } = await loadFormSchemas();
  const result = savedSearchInputSchema.safeParse(input);
  if (result.success) return null;
  const errors: { name?: string; filters?: string } = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] === 'name' ? 'name' : 'filters';
    errors[key] ??= issue.message;
  }
  return errors;
}

function SaveSearchDialog({ filters, unit, onClose }: { filters: SearchFilters; unit: MileageUnit; onClose: () => void }) {
  const [name, setName] = useState(() => describeSearch(filters, unit).slice(0, 80));
  const [errors, setErrors] = useState<{ name?: string; filters?: string } | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => void loadFormSchemas().catch(() => undefined), []);
  const save = useMutation({
    mutationFn: (input: SavedSearchInput) => saveSearch(input),
    onSuccess: (saved) => {
      toast.success(`Search saved: ${saved.name}`);
      onClose();
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { name: name.trim(), filters };
    const found = await validate(input).catch(() => ({ filters: FORM_UNCHECKED }));
    setErrors(found);
    if (found) nameRef.current?.focus();
    else save.mutate(input);
  };

  return (
    <Dialog title="Save this search" onClose={() => !save.isPending && onClose()} initialFocus={nameRef}>
      <Form onSubmit={submit} noValidate>
        <p>{describeSearch(filters, unit)}</p>
        <Field label="Name" hint="You will be told when a new car matches, or one gets cheaper." error={errors?.name}>
          <Input ref={nameRef} value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
        </Field>
        {errors?.filters ? <Problem role="alert">{errors.filters}</Problem> : null}
        {save.isError ? <Problem role="alert">{errorText(save.error)}</Problem> : null}
        <FormActions pending={save.isPending} onCancel={onClose} submit="Save search" />
      </Form>
    </Dialog>
  );
}

/**
 * "Save this search" on a brand list or the search (docs/product.md, "Saved searches"): Buyers only,
 * as the API. `sort` is left out when it is the list's default.
 */
export function SaveSearch({ category, filters, sort }: { category?: Category; filters: CarFilters; sort?: SearchSort }) {
  const isBuyer = useIsBuyer();
  const { mileageUnit } = useSiteSettings();
  const [open, setOpen] = useState(false);
  if (!isBuyer) return null;
  return (
    <>
      <GhostButton type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Save this search
      </GhostButton>
      {open ? <SaveSearchDialog filters={toSearchFilters(category, filters, sort)} unit={mileageUnit} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 14px;
  p {
    margin: 0;
    color: ${theme.color.muted};
    overflow-wrap: anywhere;
  }
`;

const Problem = styled.p`
  && {
    color: ${theme.color.danger};
    font-weight: 600;
  }
`;
