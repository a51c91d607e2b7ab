import { BODIES, COLOURS, FACT_LABELS, FUELS, GEARBOXES, MILEAGE_MAX, PREVIOUS_OWNERS_MAX, type CarInput } from '@usedcars/shared-contract';

/** The facts buyers filter on, as Add Product and Edit listing ask for them (docs/product.md, "The facts"). */
export type FactField = 'mileage' | 'fuel' | 'gearbox' | 'body' | 'colour' | 'previousOwners';

export interface FactSpec {
  name: FactField & keyof CarInput;
  label: string;
  kind: 'choice' | 'count';
  options?: readonly { value: string; label: string }[];
  max?: number;
}

const choices = <Value extends string>(values: readonly Value[], labels: Record<Value, string>) => values.map((value) => ({ value, label: labels[value] }));

export const FACT_FIELDS: readonly FactSpec[] = [
  { name: 'mileage', label: 'Mileage', kind: 'count', max: MILEAGE_MAX },
  { name: 'fuel', label: 'Fuel', kind: 'choice', options: choices(FUELS, FACT_LABELS.fuel) },
  { name: 'gearbox', label: 'Gearbox', kind: 'choice', options: choices(GEARBOXES, FACT_LABELS.gearbox) },
  { name: 'body', label: 'Body', kind: 'choice', options: choices(BODIES, FACT_LABELS.body) },
  { name: 'colour', label: 'Colour', kind: 'choice', options: choices(COLOURS, FACT_LABELS.colour) },
  { name: 'previousOwners', label: 'Previous owners', kind: 'count', max: PREVIOUS_OWNERS_MAX },
];

/** A count as typed ("45,000" too), or the text as it was so the schema says what is wrong; empty is missing. */
export function factValue(spec: FactSpec, text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (spec.kind === 'choice') return trimmed;
  const number = Number(trimmed.replace(/,/g, ''));
  return Number.isFinite(number) ? number : trimmed;
}
