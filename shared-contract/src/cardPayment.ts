// Shared by the API's test gateway and the test card form: the message typed against is the server's.
export const PAYMENT_GATEWAYS = ['test', 'stripe'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

export type PaymentConfig = { gateway: 'test' } | { gateway: 'stripe'; publishableKey: string };

export interface TestCardDetails {
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

export interface TestCardConfirmation extends TestCardDetails {
  clientSecret: string;
}

export interface TestCardConfirmed {
  id: string;
  status: 'succeeded';
}

export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  numberIncorrect: 'Your card number is incorrect.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryDatePast: "Your card's expiration date is in the past.",
  expiryYearInvalid: "Your card's expiration year is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
  cvcInvalid: "Your card's security code is invalid.",
  cvcIncorrect: "Your card's security code is incorrect.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
} as const;

/** Stripe's test cards (https://docs.stripe.com/testing#declined-payments); null: it succeeds. */
export const TEST_CARD_OUTCOMES: Readonly<Record<string, string | null>> = {
  '4242424242424242': null,
  '5555555555554444': null,
  '378282246310005': null,
  '6011111111111117': null,
  '4000000000000002': CARD_MESSAGES.declined,
  '4000000000009995': CARD_MESSAGES.insufficientFunds,
  '4000000000000069': CARD_MESSAGES.expired,
  '4000000000000127': CARD_MESSAGES.cvcIncorrect,
  '4000000000000119': CARD_MESSAGES.processingError,
};

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

const NUMBER_LENGTH: Record<CardBrand, number> = { visa: 16, mastercard: 16, amex: 15, discover: 16, unknown: 16 };
const CVC_LENGTH: Record<CardBrand, number> = { visa: 3, mastercard: 3, amex: 4, discover: 3, unknown: 3 };

export const cardNumberLength = (brand: CardBrand) => NUMBER_LENGTH[brand];
export const cvcLength = (brand: CardBrand) => CVC_LENGTH[brand];

/** 4242 4242 4242 4242, or 3782 822463 10005 for American Express, as the card element shows it. */
export function formatCardNumber(digits: string): string {
  const groups = cardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface FieldCheck {
  complete: boolean;
  /** Shown at once: an impossible value. */
  error?: string;
  /** Shown only once the field is left, or on paying, unfinished. */
  incomplete?: string;
}

export function checkCardNumber(digits: string): FieldCheck {
  const length = cardNumberLength(cardBrand(digits));
  if (digits.length < length) return { complete: false, incomplete: CARD_MESSAGES.numberIncomplete };
  if (digits.length > length || !luhnValid(digits)) return { complete: false, error: CARD_MESSAGES.numberInvalid };
  return { complete: true };
}

export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** Stripe takes expiry years up to 50 years ahead. */
const MAX_YEARS_AHEAD = 50;

export function checkExpiry(month: number | undefined, year: number | undefined, now: Date = new Date()): FieldCheck {
  if (month === undefined || year === undefined || !Number.isInteger(month) || !Number.isInteger(year)) {
    return { complete: false, incomplete: CARD_MESSAGES.expiryIncomplete };
  }
  if (month < 1 || month > 12) return { complete: false, error: CARD_MESSAGES.expiryMonthInvalid };
  const fourDigits = fullYear(year);
  const thisYear = now.getFullYear();
  if (fourDigits < thisYear) return { complete: false, error: CARD_MESSAGES.expiryYearPast };
  if (fourDigits > thisYear + MAX_YEARS_AHEAD) return { complete: false, error: CARD_MESSAGES.expiryYearInvalid };
  if (fourDigits === thisYear && month < now.getMonth() + 1) return { complete: false, error: CARD_MESSAGES.expiryDatePast };
  return { complete: true };
}

export function checkCvc(cvc: string, brand: CardBrand): FieldCheck {
  if (!/^\d*$/.test(cvc) || cvc.length > cvcLength(brand)) return { complete: false, error: CARD_MESSAGES.cvcInvalid };
  if (cvc.length < cvcLength(brand)) return { complete: false, incomplete: CARD_MESSAGES.cvcIncomplete };
  return { complete: true };
}

export function cardProblem(card: TestCardDetails, now: Date = new Date()): string | null {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return CARD_MESSAGES.numberInvalid;
  for (const check of [checkCardNumber(digits), checkExpiry(card.expMonth, card.expYear, now), checkCvc(card.cvc, cardBrand(digits))]) {
    if (!check.complete) return check.error ?? check.incomplete ?? null;
  }
  return null;
}

// A valid number outside Stripe's test cards is refused, as Stripe's test mode refuses a real card.
export function testCardOutcome(card: TestCardDetails, now: Date = new Date()): string | null {
  const problem = cardProblem(card, now);
  if (problem) return problem;
  const digits = card.number.replace(/[\s-]/g, '');
  return digits in TEST_CARD_OUTCOMES ? (TEST_CARD_OUTCOMES[digits] ?? null) : CARD_MESSAGES.numberIncorrect;
}
