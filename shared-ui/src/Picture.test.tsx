import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { CarPhoto } from '@usedcars/shared-contract';
import { Picture } from './Picture';
import { ServerHeadContext, type ServerHead } from '@usedcars/federation';

const variants = (format: string) => [320, 640, 1280].map((width) => ({ width, height: (width * 3) / 4, url: `/photos/abc-${width}.${format}` }));
const srcset = (format: string) =>
  variants(format)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ');

const photo: CarPhoto = {
  id: 'p1',
  width: 1280,
  height: 960,
  alt: '',
  src: '/photos/abc-640.jpg',
  srcset: { avif: srcset('avif'), webp: srcset('webp'), jpeg: srcset('jpg') },
  variants: { avif: variants('avif'), webp: variants('avif'), jpeg: variants('jpg') },
};

const api = (url: string) => `http://api.test${url}`;
const SIZES = '(max-width: 615px) calc(100vw - 32px), 310px';

test('a photo is a <picture>: AVIF, then WebP, then a JPEG <img>, each with the widths and the sizes given', () => {
  const { container } = render(
    <Picture
      photo={photo}
      src="/photos/abc-640.jpg"
      resolveUrl={api}
      alt="Audi A4 2019"
      placeholderLabel="Audi A4 2019: no picture"
      sizes={SIZES}
      width={400}
      height={250}
    />,
  );
  const sources = [...container.querySelectorAll('picture > source')];
  expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
  expect(sources[0]).toHaveAttribute(
    'srcset',
    'http://api.test/photos/abc-320.avif 320w, http://api.test/photos/abc-640.avif 640w, http://api.test/photos/abc-1280.avif 1280w',
  );
  expect(sources[1]).toHaveAttribute('srcset', expect.stringContaining('http://api.test/photos/abc-320.webp 320w'));
  for (const source of sources) expect(source).toHaveAttribute('sizes', SIZES);

  const img = screen.getByRole('img', { name: 'Audi A4 2019' });
  expect(img.parentElement?.tagName).toBe('PICTURE');
  expect(img).toHaveAttribute('src', 'http://api.test/photos/abc-640.jpg');
  expect(img).toHaveAttribute('srcset', expect.stringContaining('http://api.test/photos/abc-1280.jpg 1280w'));
  expect(img).toHaveAttribute('sizes', SIZES);
  // The photo's own shape is the box reserved for it.
  expect(img).toHaveAttribute('width', '1280');
  expect(img).toHaveAttribute('height', '960');
  expect(img).toHaveAttribute('loading', 'lazy');
  expect(img).not.toHaveAttribute('fetchpriority');
});

test('a car with only an img link gets a plain <img> with its width and height', () => {
  const { container } = render(
    <Picture src="/images/cars/sedan-blue.svg" resolveUrl={api} alt="" placeholderLabel="Honda Civic: no picture" sizes={SIZES} width={400} height={250} />,
  );
  expect(container.querySelector('picture')).toBeNull();
  const img = container.querySelector('img')!;
  expect(img).toHaveAttribute('src', 'http://api.test/images/cars/sedan-blue.svg');
  expect(img).not.toHaveAttribute('srcset');
  expect(img).toHaveAttribute('width', '400');
  expect(img).toHaveAttribute('height', '250');
  expect(img).toHaveAttribute('alt', '');
});

test('a picture that fails becomes a placeholder picture of the same size, named after the car, with no request', () => {
  const { container } = render(
    <Picture
      photo={photo}
      src="/photos/abc-640.jpg"
      resolveUrl={api}
      alt=""
      placeholderLabel="Audi A4 2019: no picture"
      sizes={SIZES}
      width={400}
      height={250}
    />,
  );
  fireEvent.error(container.querySelector('img')!);
  expect(container.querySelector('picture')).toBeNull();
  const placeholder = screen.getByRole('img', { name: 'Audi A4 2019: no picture' });
  expect(placeholder.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  expect(placeholder).toHaveAttribute('width', '1280');
  expect(placeholder).toHaveAttribute('height', '960');
});

test('a picture that had already failed before the page took it over is replaced once mounted', async () => {
  // What a browser reports of an <img> whose request failed before any script ran.
  const complete = jest.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
  const decode = jest.fn().mockRejectedValue(new Error('EncodingError'));
  Object.defineProperty(HTMLImageElement.prototype, 'decode', { configurable: true, value: decode });
  try {
    render(<Picture src="http://gone.test/car.jpg" alt="" placeholderLabel="Mercedes C 300: no picture" sizes="72px" width={72} height={48} />);
    expect(await screen.findByRole('img', { name: 'Mercedes C 300: no picture' })).toHaveAttribute('width', '72');
  } finally {
    complete.mockRestore();
    delete (HTMLImageElement.prototype as { decode?: unknown }).decode;
  }
});

test('a finished picture that decodes (an SVG with no size of its own) is left alone', async () => {
  const complete = jest.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
  const decode = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(HTMLImageElement.prototype, 'decode', { configurable: true, value: decode });
  try {
    const { container } = render(
      <Picture src="/images/cars/coupe-black.svg" alt="" placeholderLabel="Audi TT: no picture" sizes="72px" width={72} height={48} />,
    );
    await Promise.resolve();
    expect(decode).toHaveBeenCalled();
    expect(container.querySelector('img')).toHaveAttribute('src', '/images/cars/coupe-black.svg');
  } finally {
    complete.mockRestore();
    delete (HTMLImageElement.prototype as { decode?: unknown }).decode;
  }
});

test('the LCP picture is fetched first and named in the head with the WebP srcset it offers, and no AVIF', () => {
  const head: ServerHead = { preloadImages: [] };
  const html = renderToString(
    <ServerHeadContext.Provider value={head}>
      <Picture
        photo={photo}
        src="/photos/abc-640.jpg"
        resolveUrl={api}
        alt="Audi A4 2019"
        placeholderLabel="x"
        sizes={SIZES}
        width={800}
        height={500}
        priority
      />
    </ServerHeadContext.Provider>,
  );
  expect(head.preloadImages).toEqual([
    {
      href: 'http://api.test/photos/abc-640.jpg',
      srcset: expect.stringContaining('http://api.test/photos/abc-640.webp 640w'),
      sizes: SIZES,
      type: 'image/webp',
    },
  ]);
  expect(html).not.toContain('image/avif');
  expect(html).toContain('type="image/webp"');
  expect(html).toMatch(/fetchPriority="high"|fetchpriority="high"/);
  expect(html).toContain('loading="eager"');
});
