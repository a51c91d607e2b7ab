import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import HomePage from './HomePage';

function renderHome() {
  return render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
}

test('a visitor lands on the home page with one main heading and a way to the categories', () => {
  renderHome();
  expect(document.title).toBe('Used Cars');
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getAllByRole('link', { name: 'Browse categories' })[0]).toHaveAttribute('href', '#categories');
});

test('the Categories section links to the three brand lists', () => {
  renderHome();
  const categories = screen.getByRole('region', { name: 'Categories' });
  expect(categories).toHaveAttribute('id', 'categories');
  const links = within(categories).getAllByRole('link');
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Audi', '/audis'],
    ['Honda', '/hondas'],
    ['Mercedes-Benz', '/mercedes'],
  ]);
});

test('the six marketing sections and three offers are shown', () => {
  renderHome();
  for (const name of ['Shop', 'Research', 'News', 'Sell', 'Service & Repair', 'Certified Pre-Owned']) {
    expect(screen.getByRole('region', { name })).toContainElement(screen.getByRole('heading', { name }));
  }
  const offers = within(screen.getByRole('region', { name: 'Current offers' })).getAllByRole('article');
  expect(offers.map((offer) => within(offer).getByRole('heading').textContent)).toEqual([
    'Spring trade-in bonus',
    'Certified warranty',
    'Financing made simple',
  ]);
});
