import * as z from './zod';
import { ROLES } from './roles';

/** Response shapes of the API (docs/api.md, "Routes"), in the old server's words. */
export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

export const acknowledgedSchema = z.object({ acknowledged: z.boolean(), message: z.string(), insertedId: z.string() });
export type AcknowledgedResponse = z.infer<typeof acknowledgedSchema>;

export const insertedSchema = z.object({ insertedId: z.string() });
export type InsertedResponse = z.infer<typeof insertedSchema>;

export const deletedSchema = z.object({ deletedCount: z.number().int() });
export type DeletedResponse = z.infer<typeof deletedSchema>;

export const accessTokenSchema = z.object({ accessToken: z.string() });
export type AccessTokenResponse = z.infer<typeof accessTokenSchema>;

/** The render server's httpOnly cookie holding a signed-in visitor's session (docs/architecture.md, "The session cookie"). */
export const SESSION_COOKIE = '__session';

/** POST /auth/session: the session cookie the render server sets (docs/architecture.md, "The session cookie"). */
export const sessionCookieSchema = z.object({ sessionCookie: z.string(), expiresInSeconds: z.number().int() });
export type SessionCookieResponse = z.infer<typeof sessionCookieSchema>;

/** GET /auth/session: who a session cookie belongs to, as the render server renders for them. */
export const sessionViewerSchema = z.object({ uid: z.string(), email: z.string(), name: z.string(), role: z.enum(ROLES) });
export type SessionViewer = z.infer<typeof sessionViewerSchema>;

export const clientSecretSchema = z.object({ clientSecret: z.string() });
export type ClientSecretResponse = z.infer<typeof clientSecretSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
