import type { AccessTokenResponse, NewUser, User, DeletedResponse } from '@usedcars/shared-contract';
import { request } from './client';

export function fetchAccessToken(email: string, idToken: string): Promise<AccessTokenResponse> {
  return request<AccessTokenResponse>('/jwt', { query: { email }, auth: { idToken } });
}

export function saveUser(user: NewUser, idToken: string): Promise<unknown> {
  return request('/users', { method: 'POST', body: user, auth: { idToken } });
}

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
