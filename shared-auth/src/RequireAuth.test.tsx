import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { authStore } from './authStore';
import { RequireAuth } from './RequireAuth';

const guarded = (
  <MemoryRouter initialEntries={['/audis']}>
    <RequireAuth signIn={<h1>Login</h1>}>
      <p>The Audi list</p>
    </RequireAuth>
  </MemoryRouter>
);

beforeEach(() => {
  localStorage.clear();
  authStore.setState({ status: 'loading', user: null, role: null });
});

test('nobody signed in: the sign-in form where the page would be, and the page once someone signs in', () => {
  authStore.setState({ status: 'signedOut', user: null, role: null });
  render(guarded);
  expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  expect(screen.queryByText('The Audi list')).not.toBeInTheDocument();
  act(() => authStore.setState({ status: 'signedIn', user: { uid: 'u', email: 'b@usedcars.test', displayName: null }, role: 'Buyer' }));
  expect(screen.getByText('The Audi list')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
});

test('a browser that may hold a session: a spinner while the identity SDK responds, then the page', () => {
  localStorage.setItem('accessToken', 'a-token');
  render(guarded);
  expect(screen.getByRole('status')).toHaveTextContent(/checking your sign-in/i);
  expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
  act(() => authStore.setState({ status: 'signedIn', user: { uid: 'u', email: 'b@usedcars.test', displayName: null }, role: 'Buyer' }));
  expect(screen.getByText('The Audi list')).toBeInTheDocument();
});

test('a first-time visitor gets the sign-in form at once, never the spinner', () => {
  render(guarded);
  expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('the server, which cannot read the browser, renders the sign-in form; the page hydrates it, then follows the identity SDK', async () => {
  const html = renderToString(guarded);
  expect(html).toContain('<h1>Login</h1>');
  expect(html).not.toContain('Checking your sign-in');

  localStorage.setItem('accessToken', 'a-token');
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, guarded, { onRecoverableError: (error) => void recoverable.push(error) });
  });
  expect(recoverable).toEqual([]);
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
  // Hydrated: this browser may hold a session, so the page waits for the identity SDK's word.
  expect(container.textContent).toMatch(/checking your sign-in/i);
  act(() => authStore.setState({ status: 'signedIn', user: { uid: 'u', email: 'b@usedcars.test', displayName: null }, role: 'Buyer' }));
  expect(container.textContent).toContain('The Audi list');
  container.remove();
});
