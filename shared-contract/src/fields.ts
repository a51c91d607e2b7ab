import { z } from 'zod';

/**
 * Field builders shared by every schema, so each message names its field the same way and
 * the form under the field and the API's 400 answer read alike.
 */

/** PostgreSQL text cannot hold NUL, and other C0 controls never belong in a form field. */
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Zod error callback: a missing field is "required", a present but wrong one is "must be ...". */
export function fieldError(field: string, expected: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? `${field} is required` : `${field} must be ${expected}`;
}

export function requiredText(field: string, max: number) {
  return z
    .string({ error: fieldError(field, 'text') })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine((value) => !CONTROL_CHARS.test(value), { error: `${field} contains invalid characters` });
}

/** Prices are dollars; the cap keeps cents inside a safe integer and the DB column. */
export function positiveNumber(field: string, max = 100_000_000) {
  return z
    .number({ error: fieldError(field, 'a number') })
    .positive({ error: `${field} must be a positive number` })
    .max(max, { error: `${field} must be at most ${max}` });
}

export function emailField(field = 'email') {
  return z
    .email({ error: fieldError(field, 'a valid e-mail address') })
    .max(254, { error: `${field} must be at most 254 characters` })
    .toLowerCase();
}

/** Ids on the wire are UUID strings; anything else is refused before it reaches the database. */
export function idField(field: string) {
  return z.guid({ error: fieldError(field, 'a valid id') });
}

/** Keys a strict object does not know are named in the message rather than silently dropped. */
export function strictObject<Shape extends z.ZodRawShape>(shape: Shape, what = 'body') {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
      if (issue.code === 'invalid_type') return `${what} must be a JSON object`;
      return undefined;
    },
  });
}
