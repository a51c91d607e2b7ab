import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ButtonLink } from './ButtonLink';

test('a ButtonLink is a link a user can follow', () => {
  render(
    <MemoryRouter>
      <ButtonLink to="/login">Login</ButtonLink>
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
});
