import { type ChangeEvent, type FocusEvent, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  CARD_MESSAGES,
  type CardBrand,
  type FieldCheck,
  type TestCardDetails,
  cardBrand,
  cardNumberLength,
  checkCardNumber,
  checkCvc,
  checkExpiry,
  cvcLength,
  formatCardNumber,
  fullYear,
} from '@usedcars/shared-contract';
import { theme } from '@usedcars/shared-ui';

/** What the person typed, digits only. */
export interface CardFields {
  number: string;
  /** MMYY, up to four digits. */
  expiry: string;
  cvc: string;
}

export const EMPTY_CARD: CardFields = { number: '', expiry: '', cvc: '' };

type Field = keyof CardFields;

function expiryParts(expiry: string): { month?: number; year?: number } {
  return {
    month: expiry.length >= 2 ? Number(expiry.slice(0, 2)) : undefined,
    year: expiry.length === 4 ? Number(expiry.slice(2)) : undefined,
  };
}

/** The card as the test gateway takes it; an unfinished expiry reads as NaN, which it calls incomplete. */
export function cardDetails(fields: CardFields): TestCardDetails {
  const { month, year } = expiryParts(fields.expiry);
  return { number: fields.number, expMonth: month ?? Number.NaN, expYear: year === undefined ? Number.NaN : fullYear(year), cvc: fields.cvc };
}

function checkExpiryField(expiry: string): FieldCheck {
  const { month, year } = expiryParts(expiry);
  // A month that cannot be is wrong before the year is typed.
  if (month !== undefined && (month < 1 || month > 12)) return { complete: false, error: CARD_MESSAGES.expiryMonthInvalid };
  return checkExpiry(month, year);
}

function checks(fields: CardFields): Record<Field, FieldCheck> {
  return {
    number: checkCardNumber(fields.number),
    expiry: checkExpiryField(fields.expiry),
    cvc: checkCvc(fields.cvc, cardBrand(fields.number)),
  };
}

/**
 * The message the card element shows, as Stripe's does: an impossible value at once, an
 * unfinished one only after the person leaves that field.
 */
function visibleCardError(fields: CardFields, left: ReadonlySet<Field>): string | undefined {
  const state = checks(fields);
  for (const field of ['number', 'expiry', 'cvc'] as const) {
    const check = state[field];
    if (check.error) return check.error;
    if (left.has(field) && check.incomplete) return check.incomplete;
  }
  return undefined;
}

/** "4" becomes "04": no month starts with 2-9, so the card element assumes the leading zero. */
function expiryDigits(typed: string, previous: string): string {
  let digits = typed.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && digits > '1') digits = `0${digits}`;
  // Deleting the " / " deletes the month's last digit, as people expect.
  if (typed.length < formatExpiry(previous).length && digits === previous) digits = digits.slice(0, -1);
  return digits;
}

function formatExpiry(digits: string): string {
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

const BRAND_LABELS: Record<CardBrand, string> = { visa: 'VISA', mastercard: 'MC', amex: 'AMEX', discover: 'DISC', unknown: '' };

export interface TestCardElementProps {
  value: CardFields;
  /** Every change and every field left: the card and its current inline message. */
  onChange: (value: CardFields, error: string | undefined) => void;
  /** The id of the message shown under the form, which a wrong field points to. */
  errorId?: string;
}

/**
 * The test gateway's card form, built to look and behave like Stripe's card element: one bordered
 * row with the number (spaced, with its brand), MM / YY and CVC, inline messages in Stripe's words,
 * and the cursor moving on when a field is done.
 */
export function TestCardElement({ value, onChange, errorId }: TestCardElementProps) {
  const [left, setLeft] = useState<ReadonlySet<Field>>(new Set());
  // A space typed after a group of four stays, so the caret stays where the person put it.
  const [numberSpace, setNumberSpace] = useState(false);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);
  const brand = cardBrand(value.number);
  const state = checks(value);
  const error = visibleCardError(value, left);

  // The newest card, for a blur that happens inside a change (the cursor moving on) before re-render.
  const latest = useRef(value);
  latest.current = value;
  const update = (next: CardFields, nextLeft = left) => {
    latest.current = next;
    onChange(next, visibleCardError(next, nextLeft));
  };

  const onNumber = (event: ChangeEvent<HTMLInputElement>) => {
    const digits = event.target.value.replace(/\D/g, '');
    const next = { ...value, number: digits.slice(0, cardNumberLength(cardBrand(digits))) };
    setNumberSpace(/\s$/.test(event.target.value) && next.number === digits && !checkCardNumber(next.number).complete);
    update(next);
    if (checkCardNumber(next.number).complete) expiryRef.current?.focus();
  };
  const onExpiry = (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...value, expiry: expiryDigits(event.target.value, value.expiry) };
    update(next);
    if (checkExpiryField(next.expiry).complete) cvcRef.current?.focus();
  };
  const onCvc = (event: ChangeEvent<HTMLInputElement>) => {
    update({ ...value, cvc: event.target.value.replace(/\D/g, '').slice(0, cvcLength(brand)) });
  };
  const onLeave = (field: Field) => (event: FocusEvent<HTMLInputElement>) => {
    if (!event.currentTarget.value) return; // an empty field left alone is not an error yet
    const nextLeft = new Set(left).add(field);
    setLeft(nextLeft);
    update(latest.current, nextLeft);
  };
  /** What the three inputs share: digits only, red once wrong, and "left" when the person moves on. */
  const fieldProps = (field: Field) => {
    const invalid = Boolean(state[field].error || (left.has(field) && state[field].incomplete));
    return {
      inputMode: 'numeric' as const,
      'aria-invalid': invalid,
      'aria-describedby': invalid ? errorId : undefined,
      $invalid: invalid,
      onBlur: onLeave(field),
    };
  };

  return (
    <Row role="group" aria-label="Card details" $invalid={Boolean(error)} data-testid="test-card-element">
      <Brand aria-hidden="true" data-brand={brand}>
        {BRAND_LABELS[brand] || <CardGlyph />}
      </Brand>
      <Input
        {...fieldProps('number')}
        aria-label="Card number"
        placeholder="Card number"
        autoComplete="cc-number"
        value={`${formatCardNumber(value.number)}${numberSpace && value.number ? ' ' : ''}`}
        onChange={onNumber}
        $width="auto"
      />
      <Input
        {...fieldProps('expiry')}
        ref={expiryRef}
        aria-label="Expiration date"
        placeholder="MM / YY"
        autoComplete="cc-exp"
        value={formatExpiry(value.expiry)}
        onChange={onExpiry}
        $width="76px"
      />
      <Input {...fieldProps('cvc')} ref={cvcRef} aria-label="CVC" placeholder="CVC" autoComplete="cc-csc" value={value.cvc} onChange={onCvc} $width="44px" />
    </Row>
  );
}

function CardGlyph() {
  return (
    <svg width="24" height="16" viewBox="0 0 24 16" focusable="false">
      <rect x="0.5" y="0.5" width="23" height="15" rx="2.5" fill="#f3f4f6" stroke="#9ca3af" />
      <rect x="0.5" y="4" width="23" height="3" fill="#9ca3af" />
      <rect x="3" y="10" width="8" height="2" rx="1" fill="#9ca3af" />
    </svg>
  );
}

// Stripe's card element colours: dark text, red text for a wrong field, a blue ring when focused.
const STRIPE_INVALID = '#fa755a';

const Row = styled.div<{ $invalid: boolean }>`
  display: flex;
  align-items: center;
  gap: 10px;
  width: min(100%, 480px);
  padding: 10px 12px;
  background: #fff;
  border: 1px solid ${({ $invalid }) => ($invalid ? STRIPE_INVALID : '#cfd7df')};
  border-radius: 4px;
  box-shadow: 0 1px 3px 0 #e6ebf1;
  transition: box-shadow 150ms ease;
  &:focus-within {
    box-shadow:
      0 1px 3px 0 #cfd7df,
      0 0 0 1px #80bdff;
  }
`;

const Brand = styled.span`
  flex: 0 0 auto;
  min-width: 34px;
  font: 700 11px/1 ${theme.font};
  letter-spacing: 0.04em;
  color: #1a1f71;
  text-align: center;
`;

/** The number takes the room left; MM / YY and CVC keep the card element's fixed widths. */
const Input = styled.input<{ $invalid: boolean; $width: 'auto' | `${number}px` }>`
  flex: ${({ $width }) => ($width === 'auto' ? '1 1 auto' : `0 0 ${$width}`)};
  width: ${({ $width }) => $width};
  min-width: 0;
  border: 0;
  outline: 0;
  padding: 2px 0;
  background: transparent;
  font: 16px/1.4 ${theme.font};
  color: ${({ $invalid }) => ($invalid ? STRIPE_INVALID : '#32325d')};
  &::placeholder {
    color: #aab7c4;
  }
`;
