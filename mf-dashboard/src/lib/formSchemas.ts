// The contract's schemas of the admin's forms, in a chunk of their own with zod (loadFormSchemas).
export { canaryShareField, deployTokenInputSchema, moderationReasonSchema } from '@usedcars/shared-contract';
