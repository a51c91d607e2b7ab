import { CATEGORIES, CATEGORY_PATHS, PRICE_MAX, listingFormSchema, type CarInput } from '@usedcars/shared-contract';
import { FACT_FIELDS, factValue } from '../../components/carFactFields';

const PRICE_LIMIT = `up to $${PRICE_MAX.toLocaleString('en-US')}`;

/** The Add Product form's model: what each field is called, how it is typed, and its checks. */

export type CarField = keyof CarInput;
export type CarFormValues = Record<CarField, string>;

export interface FieldSpec {
  name: CarField;
  label: string;
  kind: 'text' | 'url' | 'price' | 'date' | 'category' | 'long' | 'fact';
  hint?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'url';
}

/** Add Product's nineteen fields, in the order a seller thinks of them (docs/product.md). */
export const CAR_FIELDS: readonly FieldSpec[] = [
  { name: 'carName', label: 'Car name', kind: 'text', hint: 'Make, model and trim, e.g. Audi A4 2.0 TFSI Premium.' },
  { name: 'categoryName', label: 'Category', kind: 'category' },
  { name: 'img', label: 'Image link', kind: 'url', inputMode: 'url', hint: 'A link to a picture of the car (https://…).' },
  { name: 'currentPrice', label: 'Current price', kind: 'price', inputMode: 'decimal', hint: `Your asking price in dollars, ${PRICE_LIMIT}.` },
  { name: 'price', label: 'Original price', kind: 'price', inputMode: 'decimal', hint: `What the car cost new, in dollars, ${PRICE_LIMIT}.` },
  { name: 'purchaseYear', label: 'Purchase year', kind: 'text', inputMode: 'numeric' },
  ...FACT_FIELDS.map((fact): FieldSpec => ({ name: fact.name, label: fact.label, kind: 'fact' })),
  { name: 'used', label: 'Used', kind: 'text', hint: 'How long or how far it has been driven, e.g. 3 years.' },
  { name: 'condition', label: 'Condition', kind: 'text', hint: 'e.g. Excellent, Good, Fair.' },
  { name: 'location', label: 'Location', kind: 'text', autoComplete: 'address-level2' },
  { name: 'contact', label: 'Contact', kind: 'text', inputMode: 'tel', autoComplete: 'tel', hint: 'A phone number buyers can call.' },
  { name: 'sellerName', label: 'Seller name', kind: 'text', autoComplete: 'name', hint: "Cars are listed under your account's name." },
  { name: 'time', label: 'Posted on', kind: 'date' },
  { name: 'details', label: 'Details', kind: 'long' },
];

export const CATEGORY_OPTIONS = CATEGORIES.map((category) => ({ value: category, label: CATEGORY_PATHS[category].label }));

/** Today as YYYY-MM-DD in the seller's own time zone (what a date input shows). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function initialValues(sellerName: string, now = new Date()): CarFormValues {
  return {
    carName: '',
    img: '',
    currentPrice: '',
    price: '',
    purchaseYear: '',
    condition: '',
    contact: '',
    details: '',
    location: '',
    used: '',
    sellerName,
    time: today(now),
    // The first make is preselected, so the select never starts empty.
    categoryName: CATEGORIES[0],
    mileage: '',
    fuel: '',
    gearbox: '',
    body: '',
    colour: '',
    previousOwners: '',
  };
}

/** An empty price is missing, not zero, so the schema says "is required" rather than "must be positive". */
function toNumber(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/**
 * The picture a car listed with photos but no link carries: the cover replaces it as soon as
 * the first photo is in, and it comes back only if every photo is deleted (docs/product.md).
 */
const PICTURE_FOR_PHOTOS = '/images/cars/sedan-grey.svg';

export function withPictureForPhotos(values: CarFormValues, withPhotos: boolean): CarFormValues {
  return withPhotos && values.img.trim() === '' ? { ...values, img: PICTURE_FOR_PHOTOS } : values;
}

export function toCarInput(values: CarFormValues): Record<CarField, unknown> {
  const facts = Object.fromEntries(FACT_FIELDS.map((fact) => [fact.name, factValue(fact, values[fact.name])]));
  return { ...values, ...facts, currentPrice: toNumber(values.currentPrice), price: toNumber(values.price) };
}

const LABELS = Object.fromEntries(CAR_FIELDS.map((field) => [field.name, field.label])) as Record<CarField, string>;

/** The schema's messages name the wire field ("carName is required"); the form says the label. */
function readable(field: CarField, message: string): string {
  return message.startsWith(field) ? `${LABELS[field]}${message.slice(field.length)}` : message;
}

export type CarFormErrors = Partial<Record<CarField, string>>;

/** Checks the form with the API's schema, every fact asked for (shared-contract's listingFormSchema). */
export function validateCar(values: CarFormValues): { data: CarInput; errors: null } | { data: null; errors: CarFormErrors } {
  const result = listingFormSchema.safeParse(toCarInput(values));
  if (result.success) return { data: result.data, errors: null };
  const errors: CarFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as CarField | undefined;
    if (field && field in LABELS && !errors[field]) errors[field] = readable(field, issue.message);
  }
  return { data: null, errors };
}
