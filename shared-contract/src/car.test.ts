import { carInputSchema, carListQuerySchema, isImageLink } from './car';
import { CAR_LIST_MAX_OFFSET } from './listing';
import { PRICE_MAX } from './fields';
import { describeIssues } from './errors';

const validCar = {
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
  sellerName: 'Demo Seller',
  time: '2024-05-01',
  categoryName: 'audi',
};

function messageFor(input: unknown): string {
  const result = carInputSchema.safeParse(input);
  if (result.success) throw new Error('expected the car to be refused');
  return describeIssues(result.error.issues);
}

describe('Add Product schema', () => {
  it('accepts a complete car and trims text', () => {
    const parsed = carInputSchema.parse({ ...validCar, carName: '  Audi Q5  ' });
    expect(parsed.carName).toBe('Audi Q5');
  });

  it.each(Object.keys(validCar))('names the missing field %s', (field) => {
    const { [field]: _dropped, ...rest } = validCar as Record<string, unknown>;
    expect(messageFor(rest)).toContain(field);
  });

  it('refuses unknown fields by name', () => {
    expect(messageFor({ ...validCar, sellerId: 'x' })).toBe('Unknown field: sellerId');
  });

  it('wants numbers for prices and positive ones', () => {
    expect(messageFor({ ...validCar, price: '100' })).toBe('price must be a number');
    expect(messageFor({ ...validCar, currentPrice: -5 })).toBe('currentPrice must be a positive number');
  });

  it('checks the picture link, the date and the category', () => {
    expect(messageFor({ ...validCar, img: 'javascript:alert(1)' })).toContain('img must be');
    expect(messageFor({ ...validCar, time: 'yesterday' })).toContain('time must be a date');
    expect(messageFor({ ...validCar, categoryName: 'bmw' })).toContain('categoryName must be one of audi, honda, mercedes');
  });

  it('takes prices in whole cents, from one cent up to the cap', () => {
    expect(carInputSchema.safeParse({ ...validCar, currentPrice: 0.01, price: 19.99 }).success).toBe(true);
    expect(messageFor({ ...validCar, price: 0.001 })).toBe('price must be at least 0.01');
    expect(messageFor({ ...validCar, price: 10.005 })).toBe('price must be in dollars and whole cents (at most 2 decimals)');
    expect(messageFor({ ...validCar, price: PRICE_MAX + 1 })).toBe('price must be at most 10,000,000 dollars');
    expect(carInputSchema.safeParse({ ...validCar, currentPrice: PRICE_MAX, price: PRICE_MAX }).success).toBe(true);
    expect(messageFor({ ...validCar, price: 0 })).toBe('price must be a positive number');
  });

  it('takes the posting day as YYYY-MM-DD, a real day, not in the future', () => {
    const now = new Date();
    const day = (offsetDays: number) => new Date(now.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    expect(carInputSchema.safeParse({ ...validCar, time: day(0) }).success).toBe(true);
    expect(carInputSchema.safeParse({ ...validCar, time: day(1) }).success).toBe(true);
    expect(messageFor({ ...validCar, time: day(2) })).toBe('time must not be in the future');
    expect(messageFor({ ...validCar, time: '+010000-01-01' })).toBe('time must be a date (YYYY-MM-DD)');
    expect(messageFor({ ...validCar, time: '2023-02-29' })).toBe('time must be a date (YYYY-MM-DD)');
    expect(carInputSchema.safeParse({ ...validCar, time: '2024-02-29' }).success).toBe(true);
    expect(messageFor({ ...validCar, time: '1899-12-31' })).toBe('time must not be before 1900-01-01');
    expect(messageFor({ ...validCar, time: '' })).toBe('time is required');
  });

  it('takes the purchase year as four digits, 1900 to next year', () => {
    const next = new Date().getUTCFullYear() + 1;
    expect(carInputSchema.safeParse({ ...validCar, purchaseYear: String(next) }).success).toBe(true);
    expect(messageFor({ ...validCar, purchaseYear: '19' })).toBe('purchaseYear must be a year (YYYY)');
    expect(messageFor({ ...validCar, purchaseYear: String(next + 1) })).toBe(`purchaseYear must be between 1900 and ${next}`);
    expect(messageFor({ ...validCar, purchaseYear: 2019 })).toBe('purchaseYear must be text');
  });

  it('refuses control characters PostgreSQL cannot store', () => {
    expect(messageFor({ ...validCar, details: 'a\u0000b' })).toBe('details contains invalid characters');
  });
});

describe('image links', () => {
  it.each([
    ['/images/cars/suv-red.svg', true],
    ['https://example.com/a.png', true],
    ['/images/../secret', false],
    ['ftp://example.com/a.png', false],
    ['cars/a.svg', false],
    [`/photos/${'ab'.repeat(32)}.jpg`, true],
    ['/photos/../jwt-secret', false],
    ['/photos/cover.jpg', false],
  ])('%s → %s', (value, expected) => expect(isImageLink(value)).toBe(expected));
});

describe('list query', () => {
  it('turns query text into numbers', () => {
    expect(carListQuerySchema.parse({ limit: '24', offset: '48', minPrice: '1000' })).toEqual({ limit: 24, offset: 48, minPrice: 1000 });
  });

  it('caps the page size', () => {
    expect(carListQuerySchema.safeParse({ limit: '1000' }).success).toBe(false);
  });

  it('caps the offset and sends deeper pages to the cursor', () => {
    expect(carListQuerySchema.parse({ offset: String(CAR_LIST_MAX_OFFSET) }).offset).toBe(CAR_LIST_MAX_OFFSET);
    const deeper = carListQuerySchema.safeParse({ offset: String(CAR_LIST_MAX_OFFSET + 1) });
    expect(deeper.error?.issues[0]?.message).toBe(
      `offset must be at most ${CAR_LIST_MAX_OFFSET}; for deeper pages follow the cursor in the X-Next-Cursor header`,
    );
    expect(carListQuerySchema.parse({ cursor: 'abc' }).cursor).toBe('abc');
  });
});
