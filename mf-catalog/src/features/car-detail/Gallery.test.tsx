import { createEvent, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CarPhoto } from '@usedcars/shared-contract';
import { Gallery } from './Gallery';
import { makeCar } from '../../testing/renderCatalog';

function makePhoto(n: number): CarPhoto {
  const variants = (format: string) => [320, 640, 1280].map((width) => ({ width, height: (width * 5) / 8, url: `/photos/p${n}-${width}.${format}` }));
  const srcset = (format: string) =>
    variants(format)
      .map((variant) => `${variant.url} ${variant.width}w`)
      .join(', ');
  return {
    id: `photo-${n}`,
    width: 1280,
    height: 800,
    alt: '',
    src: `/photos/p${n}-640.jpg`,
    srcset: { avif: srcset('avif'), webp: srcset('webp'), jpeg: srcset('jpg') },
    variants: { avif: variants('avif'), webp: variants('webp'), jpeg: variants('jpg') },
  };
}

const photos = Array.from({ length: 8 }, (_, n) => makePhoto(n + 1));
const car = makeCar({ carName: 'Audi A4 2019', photos, img: photos[0]!.src });

const counter = () => screen.getByText(/^\d+ \/ \d+$/).textContent;
const mainPhoto = () => screen.getByRole('button', { name: /view full screen/ });

test('shows the first photo, the counter and a thumbnail for each photo, all named for a screen reader', () => {
  render(<Gallery car={car} />);
  expect(screen.getByRole('region', { name: 'Photos of Audi A4 2019' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Audi A4 2019, photo 1 of 8' })).toHaveAttribute('src', expect.stringContaining('/photos/p1-640.jpg'));
  expect(counter()).toBe('1 / 8');
  expect(screen.getByText('Photo 1 of 8')).toBeInTheDocument();
  const thumbs = screen.getAllByRole('button', { name: /^Show photo \d of 8$/ });
  expect(thumbs).toHaveLength(8);
  expect(thumbs[0]).toHaveAttribute('aria-current', 'true');
  expect(mainPhoto()).toHaveAccessibleName('Audi A4 2019, photo 1 of 8: view full screen');
  // The thumbnails are asked for after the main photo, which is the page's largest paint.
  expect(thumbs.map((thumb) => thumb.querySelector('img')?.getAttribute('fetchpriority'))).toEqual(Array(8).fill('low'));
});

test('the arrow buttons move through the photos and go round at either end', async () => {
  const user = userEvent.setup();
  render(<Gallery car={car} />);
  await user.click(screen.getByRole('button', { name: 'Next photo' }));
  expect(counter()).toBe('2 / 8');
  expect(screen.getByRole('img', { name: 'Audi A4 2019, photo 2 of 8' })).toHaveAttribute('src', expect.stringContaining('/photos/p2-640.jpg'));
  await user.click(screen.getByRole('button', { name: 'Previous photo' }));
  await user.click(screen.getByRole('button', { name: 'Previous photo' }));
  expect(counter()).toBe('8 / 8');
  await user.click(screen.getByRole('button', { name: 'Next photo' }));
  expect(counter()).toBe('1 / 8');
});

test('a thumbnail shows its photo', async () => {
  const user = userEvent.setup();
  render(<Gallery car={car} />);
  await user.click(screen.getByRole('button', { name: 'Show photo 3 of 8' }));
  expect(counter()).toBe('3 / 8');
  expect(screen.getByRole('button', { name: 'Show photo 3 of 8' })).toHaveAttribute('aria-current', 'true');
  expect(screen.getByRole('button', { name: 'Show photo 1 of 8' })).not.toHaveAttribute('aria-current');
});

test('arrow keys, Home and End move through the photos from anywhere in the gallery', async () => {
  const user = userEvent.setup();
  render(<Gallery car={car} />);
  mainPhoto().focus();
  await user.keyboard('{ArrowRight}{ArrowRight}');
  expect(counter()).toBe('3 / 8');
  await user.keyboard('{ArrowLeft}');
  expect(counter()).toBe('2 / 8');
  await user.keyboard('{End}');
  expect(counter()).toBe('8 / 8');
  await user.keyboard('{Home}');
  expect(counter()).toBe('1 / 8');
});

afterEach(() => jest.useRealTimers());

test('a swipe left shows the next photo, right the previous; a tap opens the full-screen view', () => {
  // A swipe's own click comes at once in a browser: the clock stands still, however slow this machine is.
  jest.useFakeTimers();
  render(<Gallery car={car} />);
  const stage = mainPhoto().parentElement!;
  // jsdom's pointer events carry no coordinates: they are set on the event as a browser would.
  const pointer = (type: 'pointerDown' | 'pointerUp', clientX: number, clientY: number) => {
    const event = createEvent[type](stage);
    Object.assign(event, { pointerId: 1, isPrimary: true });
    Object.defineProperties(event, { clientX: { value: clientX }, clientY: { value: clientY } });
    fireEvent(stage, event);
  };
  const swipe = (from: number, to: number) => {
    pointer('pointerDown', from, 100);
    pointer('pointerUp', to, 104);
    // The browser ends a swipe with a click on what is under the finger.
    fireEvent.click(mainPhoto());
  };
  swipe(300, 100);
  expect(counter()).toBe('2 / 8');
  swipe(100, 300);
  expect(counter()).toBe('1 / 8');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  // Too short to be a swipe: a tap.
  swipe(200, 190);
  expect(within(screen.getByRole('dialog', { name: 'Audi A4 2019' })).getByText('1 / 8')).toBeInTheDocument();
});

test('the full-screen view is a dialog: focus inside, arrows move, Escape closes, focus goes back to the photo', async () => {
  const user = userEvent.setup();
  render(<Gallery car={car} />);
  await user.click(screen.getByRole('button', { name: 'Next photo' }));
  await user.click(mainPhoto());
  const dialog = screen.getByRole('dialog', { name: 'Audi A4 2019' });
  expect(dialog).toContainElement(document.activeElement as HTMLElement);
  expect(within(dialog).getByRole('img', { name: 'Audi A4 2019, photo 2 of 8' })).toBeInTheDocument();
  expect(within(dialog).getByText('2 / 8')).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
  await user.keyboard('{ArrowRight}');
  expect(within(dialog).getByText('4 / 8')).toBeInTheDocument();

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(counter()).toBe('4 / 8');
  expect(mainPhoto()).toHaveFocus();
});

test('a car with only an img link shows that picture, named after the car, with nothing to move', () => {
  render(<Gallery car={makeCar({ carName: 'Honda Civic 2017', img: '/images/cars/sedan-blue.svg', photos: [] })} />);
  expect(screen.getByRole('img', { name: 'Honda Civic 2017' })).toHaveAttribute('src', expect.stringContaining('/images/cars/sedan-blue.svg'));
  expect(screen.queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
  expect(screen.queryByText(/\d+ \/ \d+/)).not.toBeInTheDocument();
});

test('a photo that fails is replaced by a placeholder picture named after the car and the photo', () => {
  render(<Gallery car={car} />);
  fireEvent.error(screen.getByRole('img', { name: 'Audi A4 2019, photo 1 of 8' }));
  const placeholder = screen.getByRole('img', { name: 'Audi A4 2019, photo 1 of 8: no picture' });
  expect(placeholder.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
});

test("each photo is described by the alt its seller wrote, the car's name where there is none", async () => {
  const user = userEvent.setup();
  const described = makeCar({ carName: 'Audi Q5', photos: [{ ...makePhoto(1), alt: 'The front, in the driveway' }, makePhoto(2)], img: makePhoto(1).src });
  render(<Gallery car={described} />);
  expect(screen.getByRole('img', { name: 'The front, in the driveway' })).toHaveAttribute('src', expect.stringContaining('/photos/p1-640.jpg'));
  await user.click(screen.getByRole('button', { name: 'Next photo' }));
  expect(screen.getByRole('img', { name: 'Audi Q5, photo 2 of 2' })).toHaveAttribute('src', expect.stringContaining('/photos/p2-640.jpg'));
});
