import { render, screen } from '@testing-library/react';
import AboutPage from './AboutPage';

test('the About page introduces the marketplace', () => {
  render(<AboutPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'About' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'About us' })).toBeInTheDocument();
  expect(screen.getByText(/private owners list Audi, Honda and Mercedes-Benz cars/)).toBeInTheDocument();
  expect(document.title).toBe('About');
});
