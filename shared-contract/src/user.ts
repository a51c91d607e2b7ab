import * as z from './zod';
import { ROLES, SELF_SERVICE_ROLES } from './roles';
import { emailField, fieldError, nameText, strictObject } from './fields';

/** Registration record (POST /users); admin is never self-chosen. */
export const newUserSchema = strictObject({
  name: nameText('name', 100),
  email: emailField(),
  role: z.enum(SELF_SERVICE_ROLES, { error: fieldError('role', `one of ${SELF_SERVICE_ROLES.join(', ')}`) }),
});
export type NewUser = z.infer<typeof newUserSchema>;

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** Only while an admin has suspended the account: why, in the admin's words. */
  suspendedReason: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;
