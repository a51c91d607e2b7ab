import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router 7 reads TextEncoder at import time; jsdom does not provide it.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// react-hot-toast asks for the reduced-motion preference; jsdom has no matchMedia. Nothing here
// prefers reduced motion. (A file of a jsdom project may switch to the node environment, which
// has no window at all.)
if (typeof window !== 'undefined') window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener() {},
  removeEventListener() {},
  addListener() {},
  removeListener() {},
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;

// The shell's layout scrolls a new page to its top; jsdom lays nothing out and reports
// scrollTo as "not implemented". There is nothing to scroll here.
if (typeof window !== 'undefined') window.scrollTo = (() => undefined) as typeof window.scrollTo;
