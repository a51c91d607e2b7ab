import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { CompareButton } from './CompareButton';
import { CompareLink } from './CompareLink';
import { makeCar } from '../testing/renderCatalog';

const cars = [makeCar(), makeCar(), makeCar(), makeCar()];

/** A list of cards with their Compare buttons, and the navbar's link to the comparison. */
function renderList() {
  return render(
    <MemoryRouter>
      <CompareLink />
      {cars.map((car) => (
        <article key={car._id} aria-label={car.carName}>
          <CompareButton car={car} />
        </article>
      ))}
    </MemoryRouter>,
  );
}

const compareIn = (index: number) => screen.getAllByRole('button', { name: 'Compare' })[index] as HTMLElement;

beforeEach(() => window.sessionStorage.clear());

test('a car picked on one card is counted by the link, and a fourth is refused with why', async () => {
  const user = userEvent.setup();
  renderList();
  expect(screen.queryByRole('link', { name: /Compare/ })).toBeNull();

  await user.click(compareIn(0));
  expect(compareIn(0)).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('link', { name: 'Compare (1)' })).toHaveAttribute('href', `/compare?ids=${cars[0]?._id}`);

  await user.click(compareIn(1));
  await user.click(compareIn(2));
  await user.click(compareIn(3));
  expect(compareIn(3)).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getByText(/You can compare up to 3 cars; take one out first/)).toBeVisible();
  expect(screen.getByRole('link', { name: 'Compare (3)' })).toBeVisible();

  await user.click(compareIn(1));
  expect(compareIn(1)).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getByRole('link', { name: 'Compare (2)' })).toBeVisible();
});

test('the picks are kept for the tab: a page rendered again shows them', async () => {
  const user = userEvent.setup();
  const first = renderList();
  await user.click(compareIn(2));
  first.unmount();

  renderList();
  expect(compareIn(2)).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('link', { name: 'Compare (1)' })).toBeVisible();
});

test('a stored list this site never wrote reads as none picked', () => {
  window.sessionStorage.setItem('usedcars.compare', '{"not":"a list"');
  renderList();
  expect(screen.queryByRole('link', { name: /Compare/ })).toBeNull();
  for (const index of [0, 1, 2, 3]) expect(compareIn(index)).toHaveAttribute('aria-pressed', 'false');
});
