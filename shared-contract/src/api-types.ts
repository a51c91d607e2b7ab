import { z } from './zod';

/** Answer shapes of the API (docs/api.md, "Routes"), in the old server's words. */
export const messageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageSchema>;

export const acknowledgedSchema = z.object({ acknowledged: z.boolean(), message: z.string(), insertedId: z.string() });
export type AcknowledgedAnswer = z.infer<typeof acknowledgedSchema>;

export const insertedSchema = z.object({ insertedId: z.string() });
export type InsertedAnswer = z.infer<typeof insertedSchema>;

export const deletedSchema = z.object({ deletedCount: z.number().int() });
export type DeletedAnswer = z.infer<typeof deletedSchema>;

export const accessTokenSchema = z.object({ accessToken: z.string() });
export type AccessTokenAnswer = z.infer<typeof accessTokenSchema>;

export const clientSecretSchema = z.object({ clientSecret: z.string() });
export type ClientSecretAnswer = z.infer<typeof clientSecretSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
