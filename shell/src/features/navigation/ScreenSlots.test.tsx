import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction, type RouteObject } from 'react-router-dom';
import { ScreenSlots } from './ScreenSlots';
import { NavigationStoresContext, createNavigationStores } from './navigationStores';

const renders: string[] = [];

function Screen({ name }: { name: string }) {
  renders.push(name);
  return (
    <section>
      <h1>{name}</h1>
    </section>
  );
}

const routes: RouteObject[] = [
  { path: '/', element: <Screen name="Home" /> },
  { path: '/audis', element: <Screen name="Audi cars" /> },
  { path: '/hondas', element: <Screen name="Honda cars" /> },
];

let navigate: NavigateFunction;
function Navigator() {
  navigate = useNavigate();
  return null;
}

/** The page's stores, made afresh for each test as App makes them for each page. */
let stores = createNavigationStores();
const prerenderAddress = (pathname: string, search: string) => stores.prerender.address(pathname, search);

function renderSlots() {
  stores = createNavigationStores();
  return render(
    <NavigationStoresContext.Provider value={stores}>
      <MemoryRouter initialEntries={['/']}>
        <Navigator />
        <main>
          <ScreenSlots routes={routes} />
        </main>
      </MemoryRouter>
    </NavigationStoresContext.Provider>,
  );
}

const shown = () => screen.getAllByRole('heading', { level: 1 }).map((h1) => h1.textContent);

beforeEach(() => {
  renders.length = 0;
});

test('the screen a link is about to open is rendered ahead out of sight, then shown on the move without rendering again', async () => {
  renderSlots();
  await act(async () => prerenderAddress('/audis', ''));
  const ahead = screen.getByText('Audi cars', { selector: 'h1' });
  expect(ahead.closest('section')).toHaveStyle({ display: 'none' });
  expect(shown()).toEqual(['Home']);
  const rendersBeforeNavigation = renders.filter((name) => name === 'Audi cars').length;
  expect(rendersBeforeNavigation).toBeGreaterThan(0);

  await act(async () => navigate('/audis'));
  expect(shown()).toEqual(['Audi cars']);
  expect(screen.getByRole('heading', { level: 1 })).toBe(ahead);
  expect(ahead.closest('section')).not.toHaveStyle({ display: 'none' });
  expect(renders.filter((name) => name === 'Audi cars')).toHaveLength(rendersBeforeNavigation);
});

test('a move elsewhere renders its screen as usual and keeps the one rendered ahead out of sight', async () => {
  renderSlots();
  await act(async () => prerenderAddress('/hondas', ''));
  await act(async () => navigate('/audis'));
  expect(shown()).toEqual(['Audi cars']);
  expect(screen.getByText('Honda cars', { selector: 'h1' }).closest('section')).toHaveStyle({ display: 'none' });

  await act(async () => navigate('/hondas'));
  expect(shown()).toEqual(['Honda cars']);
  expect(screen.queryByText('Audi cars')).toBeNull();
});

test('an address shown from its slot, left, then pointed at again is rendered ahead anew', async () => {
  renderSlots();
  await act(async () => prerenderAddress('/audis', ''));
  await act(async () => navigate('/audis'));
  await act(async () => navigate('/hondas'));
  expect(shown()).toEqual(['Honda cars']);

  await act(async () => prerenderAddress('/audis', ''));
  const ahead = screen.getByText('Audi cars', { selector: 'h1' });
  expect(ahead.closest('section')).toHaveStyle({ display: 'none' });
  await act(async () => navigate('/audis'));
  expect(screen.getByRole('heading', { level: 1 })).toBe(ahead);
});
