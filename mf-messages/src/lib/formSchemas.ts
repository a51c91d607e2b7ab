// The contract's schemas of this remote's forms, in a chunk of their own (loadFormSchemas).
export { conversationReportInputSchema, conversationStartSchema, messageInputSchema } from '@usedcars/shared-contract';
