import { carInputSchema, carListQuerySchema, isImageLink } from './car';
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
  ])('%s → %s', (value, expected) => expect(isImageLink(value)).toBe(expected));
});

describe('list query', () => {
  it('turns query text into numbers', () => {
    expect(carListQuerySchema.parse({ limit: '24', offset: '48', minPrice: '1000' })).toEqual({ limit: 24, offset: 48, minPrice: 1000 });
  });

  it('caps the page size', () => {
    expect(carListQuerySchema.safeParse({ limit: '1000' }).success).toBe(false);
  });
});
