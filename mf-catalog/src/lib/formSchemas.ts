// The contract's schemas of the catalog's forms, in a chunk of their own (loadFormSchemas).
export { reportInputSchema, savedSearchInputSchema } from '@usedcars/shared-contract';
