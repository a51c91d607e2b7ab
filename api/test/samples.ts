import { randomBytes } from 'node:crypto';
import type { CarInput, Category } from '@usedcars/shared-contract';

let sequence = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${++sequence}-${randomBytes(3).toString('hex')}@example.test`;

export const sampleCar = (overrides: Partial<CarInput> = {}): CarInput => ({
  carName: 'Audi A4 2.0 TFSI Premium',
  img: '/images/cars/sedan-blue.svg',
  currentPrice: 21500,
  price: 39900,
  purchaseYear: '2019',
  condition: 'Excellent',
  contact: '+1 415 555 0101',
  details: 'One owner, full service history.',
  location: 'San Francisco, CA',
  used: '4 years',
  sellerName: 'Someone Else',
  time: '2024-05-01',
  categoryName: 'audi',
  ...overrides,
});

/** How the API returns a car listed without the facts (as older clients list them), before the market rates it. */
export const UNSTATED = {
  mileage: null,
  fuel: null,
  gearbox: null,
  body: null,
  colour: null,
  previousOwners: null,
  market: { estimate: null, comparables: 0, rating: null },
} as const;

export const COLLECTION: Record<Category, string> = { audi: '/audis', honda: '/hondas', mercedes: '/mercedess' };

/** A multipart/form-data body as a browser's FormData sends it: the files (field `photo` unless named) after the fields. */
export async function multipartBody(
  files: { name: string; bytes: Buffer; type?: string; field?: string }[],
  fields: [string, string][] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const file of files) form.append(file.field ?? 'photo', new Blob([file.bytes], { type: file.type ?? 'image/jpeg' }), file.name);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}
