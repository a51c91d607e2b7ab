import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { setSignedIn } from '@usedcars/shared-auth';
import type { Conversation, ConversationMessage, Role } from '@usedcars/shared-contract';

/** Signs a test person in with a role, as the shell's session would. */
export function signInAs(role: Role, name = 'Bea Buyer', email = 'bea@usedcars.test') {
  setSignedIn({ uid: `uid-${email}`, email, displayName: name }, role);
}

/** Stands in for every screen not under test, saying where the user ended up. */
function Elsewhere() {
  return <p>Now at {useLocation().pathname}</p>;
}

/** A messages screen inside what the shell gives it: a QueryClient without retries, a router, the toaster. */
export function renderMessages(screen: ReactElement, { path, at = path }: { path: string; at?: InitialEntry }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={screen} />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/** GET /conversations/stream's body carrying these events, as the API writes them. */
export function streamOf(...events: Array<['message', ConversationMessage] | ['unread', { unread: number }]>): string {
  return events
    .map(([name, data]) => `${name === 'message' ? `id: ${(data as ConversationMessage).seq}\n` : ''}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`)
    .join('');
}

export const message = (seq: number, text: string, from: 'buyer' | 'seller', conversationId = 'c1'): ConversationMessage => ({
  _id: `m${seq}`,
  seq,
  conversationId,
  text,
  from,
  createdAt: new Date(Date.UTC(2026, 10, 28, 10, seq)).toISOString(),
});

export const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  _id: 'c1',
  carId: 'car1',
  carName: 'Honda Jazz 2019',
  categoryName: 'honda',
  side: 'buyer',
  buyerName: 'Bea Buyer',
  sellerName: 'Sam Seller',
  unread: 0,
  lastMessage: null,
  updatedAt: '2026-11-28T10:00:00.000Z',
  blocked: false,
  reported: false,
  otherAccountDeleted: false,
  ...overrides,
});
