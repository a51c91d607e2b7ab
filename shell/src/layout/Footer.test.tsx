import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Footer } from './Footer';

function renderFooter() {
  return render(
    <MemoryRouter initialEntries={['/blogs']}>
      <Footer />
    </MemoryRouter>,
  );
}

test('the footer has the Resources, Follow us and Legal columns', () => {
  renderFooter();
  const footer = screen.getByRole('contentinfo');
  for (const name of ['Resources', 'Follow us', 'Legal']) {
    expect(within(footer).getByRole('heading', { name })).toBeInTheDocument();
  }
});

test('the Legal links go to the home page', () => {
  renderFooter();
  const legal = screen.getByRole('region', { name: 'Legal' });
  expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/');
  expect(within(legal).getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/');
});

test('resource and social links open in a new tab safely', () => {
  renderFooter();
  const resources = within(screen.getByRole('region', { name: 'Resources' })).getAllByRole('link');
  const social = within(screen.getByRole('region', { name: 'Follow us' })).getAllByRole('link');
  expect(resources.length).toBeGreaterThanOrEqual(3);
  expect(social).toHaveLength(4);
  for (const link of [...resources, ...social]) {
    expect(link).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  expect(screen.getByRole('link', { name: /Kelley Blue Book/ })).toHaveAttribute('href', 'https://www.kbb.com');
  for (const name of [/Facebook/, /Instagram/, /X \(Twitter\)/, /YouTube/]) {
    expect(screen.getByRole('link', { name })).toBeInTheDocument();
  }
});

test('the copyright line carries the current year', () => {
  renderFooter();
  expect(screen.getByText(`© ${new Date().getFullYear()} UsedCars. All rights reserved.`)).toBeInTheDocument();
});
