import { ORDER_MESSAGES, carUpdateSchema, type Car, type CarUpdate } from '@usedcars/shared-contract';
import { FACT_FIELDS, factValue, type FactField } from '../../components/carFactFields';

/** The Edit listing form's model: the fields a seller may change, checked with the API's own schema. */

export type ListingField = 'currentPrice' | 'details' | 'location' | 'condition' | FactField;
export type ListingValues = Record<ListingField, string>;
export type ListingErrors = Partial<Record<ListingField | 'form', string>>;

export interface ListingFieldSpec {
  name: ListingField;
  label: string;
  kind: 'price' | 'text' | 'long' | 'fact';
}

export const LISTING_FIELDS: readonly ListingFieldSpec[] = [
  { name: 'currentPrice', label: 'Current price', kind: 'price' },
  { name: 'condition', label: 'Condition', kind: 'text' },
  { name: 'location', label: 'Location', kind: 'text' },
  ...FACT_FIELDS.map((fact): ListingFieldSpec => ({ name: fact.name, label: fact.label, kind: 'fact' })),
  { name: 'details', label: 'Details', kind: 'long' },
];

const LABELS = Object.fromEntries(LISTING_FIELDS.map((field) => [field.name, field.label])) as Record<ListingField, string>;

/** A fact the listing does not state is an empty field (and stays unsent while it is). */
const asText = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function listingValues(car: Car): ListingValues {
  return {
    currentPrice: String(car.currentPrice),
    details: car.details,
    location: car.location,
    condition: car.condition,
    mileage: asText(car.mileage),
    fuel: asText(car.fuel),
    gearbox: asText(car.gearbox),
    body: asText(car.body),
    colour: asText(car.colour),
    previousOwners: asText(car.previousOwners),
  };
}

/** Why the price cannot change, or null: a sold (paid for) car keeps the price it sold at. */
export function priceLock(car: Car): string | null {
  return car.status === 'sold' ? ORDER_MESSAGES.soldPriceFixed : null;
}

/** Only what differs from the car is sent, so an untouched price of a sold car is not refused. */
function changes(car: Car, values: ListingValues): Record<string, unknown> {
  const before = listingValues(car);
  const update: Record<string, unknown> = {};
  for (const { name } of LISTING_FIELDS) {
    if (values[name] === before[name]) continue;
    const fact = FACT_FIELDS.find((spec) => spec.name === name);
    // An emptied price stays text, so the schema says it must be a number instead of it being dropped.
    update[name] = fact ? factValue(fact, values[name]) : name === 'currentPrice' && values[name].trim() !== '' ? Number(values[name]) : values[name];
  }
  return update;
}

/** The schema names the wire field ("currentPrice must be…"); the form says its label. */
function readable(field: ListingField, message: string): string {
  return message.startsWith(field) ? `${LABELS[field]}${message.slice(field.length)}` : message;
}

/** Checks the changed fields with carUpdateSchema, the very schema PATCH applies. */
export function validateListing(car: Car, values: ListingValues): { data: CarUpdate; errors: null } | { data: null; errors: ListingErrors } {
  const result = carUpdateSchema.safeParse(changes(car, values));
  if (result.success) return { data: result.data, errors: null };
  const errors: ListingErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ListingField | undefined;
    if (field && field in LABELS) errors[field] ??= readable(field, issue.message);
    else errors.form ??= issue.message === 'Send at least one field to change' ? 'Nothing has changed yet.' : issue.message;
  }
  return { data: null, errors };
}
