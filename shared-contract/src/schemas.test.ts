import { bookingInputSchema, dollarsToCents, paymentInputSchema } from './booking';
import { describeIssues } from './errors';
import { newUserSchema } from './user';

const id = '8a4c1f52-3f1e-4f7a-9d5b-0c6f1e2a3b4c';

describe('registration record', () => {
  it('lower-cases the e-mail', () => {
    expect(newUserSchema.parse({ name: 'Ann', email: 'Ann@Example.COM', role: 'Buyer' }).email).toBe('ann@example.com');
  });

  it('takes a name on one line only', () => {
    for (const name of ['Ann\r\nBcc: x@example.com', 'Ann\nLee', 'Ann\tLee', 'Ann\u0085Lee', 'Ann\u2029Lee']) {
      const result = newUserSchema.safeParse({ name, email: 'ann@example.com', role: 'Buyer' });
      expect(describeIssues(result.error!.issues)).toBe('name must be one line, without line breaks, tabs or control characters');
    }
    expect(newUserSchema.parse({ name: '  Ann Lee  ', email: 'ann@example.com', role: 'Buyer' }).name).toBe('Ann Lee');
  });

  it('never lets a person pick admin', () => {
    const result = newUserSchema.safeParse({ name: 'Eve', email: 'eve@example.com', role: 'admin' });
    expect(result.success).toBe(false);
    expect(describeIssues(result.error!.issues)).toBe('role must be one of Buyer, Seller');
  });
});

describe('booking', () => {
  it('needs the car, a phone and a meeting address', () => {
    const result = bookingInputSchema.safeParse({});
    expect(describeIssues(result.error!.issues)).toBe('carId is required; phone is required; address is required');
  });

  it('accepts the fields the old dialog sends', () => {
    expect(
      bookingInputSchema.safeParse({ carId: id, phone: '+1 (415) 555-0101', address: 'Main St 1', name: 'Ann', carName: 'Civic', currentPrice: 1 }).success,
    ).toBe(true);
  });

  it('refuses a malformed car id', () => {
    expect(describeIssues(bookingInputSchema.safeParse({ carId: "1' OR '1'='1", phone: '5551234', address: 'x' }).error!.issues)).toBe(
      'carId must be a valid id',
    );
  });
});

describe('payment', () => {
  it('needs a booking, a transaction and an e-mail', () => {
    expect(paymentInputSchema.safeParse({ bookingId: id, transactionId: 'pi_1', email: 'a@b.co', currentPrice: 10 }).success).toBe(true);
    expect(paymentInputSchema.safeParse({ bookingId: id, email: 'a@b.co' }).success).toBe(false);
  });

  it('turns dollars into cents without float noise', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(21500)).toBe(2_150_000);
  });
});

describe('describeIssues', () => {
  it('prefixes messages that do not name their field', () => {
    expect(describeIssues([{ path: ['limit'], message: 'Too big' }])).toBe('limit: Too big');
    expect(describeIssues([])).toBe('Invalid input');
  });
});
