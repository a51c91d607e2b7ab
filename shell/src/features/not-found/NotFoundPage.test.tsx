import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import NotFoundPage from './NotFoundPage';

test('an unknown address shows the 404 picture and a way home', () => {
  render(
    <MemoryRouter initialEntries={['/no-such-page']}>
      <NotFoundPage />
    </MemoryRouter>,
  );
  expect(screen.getByRole('img', { name: '404 – page not found' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  expect(document.title).toBe('Page not found');
});
