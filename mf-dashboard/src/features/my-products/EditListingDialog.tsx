import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import styled from 'styled-components';
import type { Car } from '@usedcars/shared-contract';
import { Dialog } from '@usedcars/shared-ui/dialog';
import { Field, FormActions, FormRefusal, Input, TextArea } from '@usedcars/shared-ui/form';
import { FACT_FIELDS } from '../../components/carFactFields';
import { FactControl } from '../../components/FactControl';
import { MarketHint } from '../../components/MarketHint';
import { UNIT_WORDS, useMileageUnit } from '../../hooks/useMileageUnit';
import { LISTING_FIELDS, listingValues, priceLock, validateListing, type ListingField, type ListingValues } from './listingForm';
import { useListingUpdate } from './useListingUpdate';
import { errorText } from '@usedcars/shared-ui';

/**
 * Edit listing, from My Products (docs/product.md, "My Products"): price, condition, location,
 * the facts and details, checked with the API's schema; what the market makes of the price as it is typed. A refusal is shown in the dialog and every value typed
 * stays, so nothing is lost; the dialog closes only once the API has the change.
 */
export function EditListingDialog({ car, onClose }: { car: Car; onClose: () => void }) {
  const formId = useId();
  const first = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<ListingValues>(() => listingValues(car));
  const [submitted, setSubmitted] = useState(false);
  const saving = useListingUpdate(car);
  const lock = priceLock(car);
  const checked = useMemo(() => validateListing(car, values), [car, values]);
  const errors = submitted ? (checked.errors ?? {}) : {};
  const unit = useMileageUnit();
  const price = Number(values.currentPrice);
  const market = car.market ? { estimate: car.market.estimate, comparables: car.market.comparables } : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!checked.data) return;
    saving.mutate(checked.data, {
      onSuccess: (response) => {
        toast.success(`${response.carName} updated`);
        onClose();
      },
    });
  };

  const change = (field: ListingField, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const close = () => {
    if (!saving.isPending) onClose();
  };

  return (
    <Dialog title={`Edit ${car.carName}`} onClose={close} initialFocus={lock ? undefined : first}>
      <Form noValidate onSubmit={submit} aria-busy={saving.isPending} aria-label={`Edit ${car.carName}`}>
        {LISTING_FIELDS.map((field) => {
          const locked = field.name === 'currentPrice' && lock !== null;
          const props = {
            name: field.name,
            value: values[field.name],
            dir: field.kind === 'price' ? undefined : 'auto',
            onChange: (event: { target: { value: string } }) => change(field.name, event.target.value),
          };
          return (
            <Field
              key={field.name}
              id={`${formId}-${field.name}`}
              label={field.label}
              hint={locked ? lock : field.name === 'mileage' ? `In ${UNIT_WORDS[unit]}, as the odometer reads.` : undefined}
              error={errors[field.name]}
            >
              {field.kind === 'fact' ? (
                <FactControl
                  spec={FACT_FIELDS.find((fact) => fact.name === field.name)!}
                  value={values[field.name]}
                  onChange={(value) => change(field.name, value)}
                />
              ) : field.kind === 'long' ? (
                <TextArea {...props} rows={5} />
              ) : field.kind === 'price' ? (
                <Input {...props} ref={first} type="number" min="0" step="any" inputMode="decimal" readOnly={locked} />
              ) : (
                <Input {...props} type="text" autoComplete="off" />
              )}
            </Field>
          );
        })}
        {lock ? null : <MarketHint estimate={market} price={values.currentPrice.trim() !== '' && Number.isFinite(price) ? price : undefined} />}
        <div role="alert">
          {errors.form && <FormRefusal>{errors.form}</FormRefusal>}
          {saving.isError && <FormRefusal>The listing was not changed: {errorText(saving.error)}</FormRefusal>}
        </div>
        <FormActions pending={saving.isPending} onCancel={close} submit="Save changes" />
      </Form>
    </Dialog>
  );
}

const Form = styled.form`
  display: grid;
  gap: 16px;
`;
