import type { AccessTokenResponse, NewUser, User, DeletedResponse } from '@usedcars/shared-contract';
import { request } from './client';

/** Exchanges a verified identity token for the API's access token (GET /jwt). */
export function fetchAccessToken(email: string, idToken: string): Promise<AccessTokenResponse> {
  return request<AccessTokenResponse>('/jwt', { query: { email }, auth: { idToken } });
}

/** Saves the caller's own user record (POST /users); repeating it is harmless. */
export function saveUser(user: NewUser, idToken: string): Promise<unknown> {
  return request('/users', { method: 'POST', body: user, auth: { idToken } });
}

/** GET /users?email=: the first item carries the role. */
export async function fetchUserByEmail(email: string): Promise<User | undefined> {
  const users = await request<User[]>('/users', { query: { email } });
  return users[0];
}

export function listUsersByRole(role: 'Buyer' | 'Seller'): Promise<User[]> {
  return request<User[]>('/user', { query: { role } });
}

export function deleteUser(id: string): Promise<DeletedResponse> {
  return request<DeletedResponse>(`/allUsers/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
