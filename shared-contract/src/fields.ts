import * as z from './zod';

/** PostgreSQL text cannot hold NUL, and other C0 controls never belong in a form field. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function fieldError(field: string, expected: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? `${field} is required` : `${field} must be ${expected}`);
}

export function requiredText(field: string, max: number) {
  return z
    .string({ error: fieldError(field, 'text') })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine((value) => !CONTROL_CHARS.test(value), { error: `${field} contains invalid characters` });
}

/** Line breaks and tabs too, and Unicode's own line and paragraph separators: a name is one line wherever it is shown or sent. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const LINE_BREAKING_CHARS = /[\u0000-\u001F\u007F\u0085\u2028\u2029]/;

/** A person's name: required text on one line (a car's details may span lines, a name never does). */
export function nameText(field: string, max: number) {
  return requiredText(field, max).refine((value) => !LINE_BREAKING_CHARS.test(value), {
    error: `${field} must be one line, without line breaks, tabs or control characters`,
  });
}

/** Payments store cents in a 32-bit column (docs/product.md, "Prices at their limits"). */
export const PRICE_MAX = 10_000_000;

/** 0.001 would be stored, and charged, rounded. */
function isWholeCents(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

export function priceField(field: string, max = PRICE_MAX) {
  return z
    .number({ error: fieldError(field, 'a number') })
    .positive({ error: `${field} must be a positive number`, abort: true })
    .min(0.01, { error: `${field} must be at least 0.01`, abort: true })
    .max(max, { error: `${field} must be at most ${max.toLocaleString('en-US')} dollars`, abort: true })
    .refine(isWholeCents, { error: `${field} must be in dollars and whole cents (at most 2 decimals)` });
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today is the server's UTC day plus one: a form in a time zone already in tomorrow is not refused. */
export function pastDateField(field: string, earliest = '1900-01-01') {
  return requiredText(field, 40).superRefine((value, context) => {
    if (value === '') return; // already "is required"
    if (!isCalendarDate(value)) context.addIssue({ code: 'custom', message: `${field} must be a date (YYYY-MM-DD)` });
    else if (value < earliest) context.addIssue({ code: 'custom', message: `${field} must not be before ${earliest}` });
    else if (value > isoDay(Date.now() + DAY_MS)) context.addIssue({ code: 'custom', message: `${field} must not be in the future` });
  });
}

/** Up to next year: a new model year goes on sale early. */
export function yearField(field: string, earliest = 1900) {
  return requiredText(field, 20).superRefine((value, context) => {
    if (value === '') return;
    const latest = new Date().getUTCFullYear() + 1;
    if (!/^\d{4}$/.test(value)) context.addIssue({ code: 'custom', message: `${field} must be a year (YYYY)` });
    else if (Number(value) < earliest || Number(value) > latest) {
      context.addIssue({ code: 'custom', message: `${field} must be between ${earliest} and ${latest}` });
    }
  });
}

export function emailField(field = 'email') {
  return z
    .email({ error: fieldError(field, 'a valid e-mail address') })
    .max(254, { error: `${field} must be at most 254 characters` })
    .toLowerCase();
}

export function idField(field: string) {
  return z.guid({ error: fieldError(field, 'a valid id') });
}

export function strictObject<Shape extends z.ZodRawShape>(shape: Shape, what = 'body') {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
      if (issue.code === 'invalid_type') return `${what} must be a JSON object`;
      return undefined;
    },
  });
}
