import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { authStore } from './authStore';
import { RequireAuth, type LoginRedirectState } from './RequireAuth';

function LoginProbe() {
  const state = useLocation().state as LoginRedirectState | null;
  return <p>Login page, from {state?.from ? `${state.from.pathname}${state.from.search}` : 'nowhere'}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginProbe />} />
        <Route
          path="/audis"
          element={
            <RequireAuth>
              <p>The Audi list</p>
            </RequireAuth>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

test('a spinner while the sign-in is being checked, then the page for a signed-in person', () => {
  authStore.setState({ status: 'loading', user: null, role: null });
  renderAt('/audis?maxPrice=30000');
  expect(screen.getByRole('status')).toHaveTextContent(/checking your sign-in/i);
  expect(screen.queryByText('The Audi list')).not.toBeInTheDocument();
  act(() => authStore.setState({ status: 'signedIn', user: { uid: 'u', email: 'b@usedcars.test', displayName: null }, role: 'Buyer' }));
  expect(screen.getByText('The Audi list')).toBeInTheDocument();
});

test('nobody signed in: off to /login, remembering where they were going', () => {
  authStore.setState({ status: 'signedOut', user: null, role: null });
  renderAt('/audis?maxPrice=30000');
  expect(screen.getByText('Login page, from /audis?maxPrice=30000')).toBeInTheDocument();
});
