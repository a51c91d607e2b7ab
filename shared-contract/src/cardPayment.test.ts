import {
  CARD_MESSAGES,
  type TestCardDetails,
  cardBrand,
  cardProblem,
  checkCardNumber,
  checkCvc,
  checkExpiry,
  formatCardNumber,
  testCardOutcome,
} from './orderFlow';

const NOW = new Date(2026, 4, 15); // May 2026
const card = (number: string, overrides: Partial<TestCardDetails> = {}): TestCardDetails => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...overrides,
});

describe("the test gateway's cards (Stripe's test cards)", () => {
  it.each([
    ['4242 4242 4242 4242', null],
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'Your card has expired.'],
    ['4000 0000 0000 0127', "Your card's security code is incorrect."],
    ['4000 0000 0000 0119', 'An error occurred while processing your card. Try again in a little bit.'],
    ['5555 5555 5555 4444', null],
    ['4111 1111 1111 1111', 'Your card number is incorrect.'],
    ['4242 4242 4242 4241', 'Your card number is invalid.'],
    ['4242 4242 4242', 'Your card number is incomplete.'],
  ])('%s → %s', (number, outcome) => {
    expect(testCardOutcome(card(number), NOW)).toBe(outcome);
  });

  it("refuses a past, unfinished or impossible expiry in Stripe's words", () => {
    expect(testCardOutcome(card('4242424242424242', { expYear: 2025 }), NOW)).toBe("Your card's expiration year is in the past.");
    expect(testCardOutcome(card('4242424242424242', { expYear: 2026, expMonth: 4 }), NOW)).toBe("Your card's expiration date is in the past.");
    expect(testCardOutcome(card('4242424242424242', { expMonth: 13 }), NOW)).toBe("Your card's expiration month is invalid.");
    expect(testCardOutcome(card('4242424242424242', { expYear: 2099 }), NOW)).toBe("Your card's expiration year is invalid.");
    expect(testCardOutcome(card('4242424242424242', { expYear: 2026, expMonth: 5 }), NOW)).toBeNull();
    expect(checkExpiry(undefined, 30, NOW)).toEqual({ complete: false, incomplete: "Your card's expiration date is incomplete." });
    expect(checkExpiry(12, 30, NOW)).toEqual({ complete: true });
  });

  it('refuses a short or malformed security code', () => {
    expect(testCardOutcome(card('4242424242424242', { cvc: '12' }), NOW)).toBe("Your card's security code is incomplete.");
    expect(testCardOutcome(card('4242424242424242', { cvc: '12a' }), NOW)).toBe("Your card's security code is invalid.");
    expect(checkCvc('123', 'amex')).toEqual({ complete: false, incomplete: CARD_MESSAGES.cvcIncomplete });
    expect(checkCvc('1234', 'amex')).toEqual({ complete: true });
    expect(cardProblem(card('abcd'), NOW)).toBe(CARD_MESSAGES.numberInvalid);
  });

  it('knows the brand, length and spacing the card element shows', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555')).toBe('mastercard');
    expect(cardBrand('3782')).toBe('amex');
    expect(cardBrand('9')).toBe('unknown');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('424242')).toBe('4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(checkCardNumber('378282246310005')).toEqual({ complete: true });
    expect(checkCardNumber('4242')).toEqual({ complete: false, incomplete: CARD_MESSAGES.numberIncomplete });
  });
});
