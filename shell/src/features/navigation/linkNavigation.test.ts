import { installLinkNavigation, setLinkNavigation, clientNavigationAddress, type LinkClick } from './linkNavigation';

const here = { origin: 'http://localhost', pathname: '/', search: '' };
const isAppRoute = (pathname: string) => ['/', '/about', '/blogs', '/audis', '/login'].includes(pathname) || pathname.startsWith('/audis/');

/** A link in the document, as markup the server rendered would have it. */
function linkTo(href: string, attributes: Record<string, string> = {}): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  anchor.innerHTML = '<span>label</span>';
  document.body.append(anchor);
  return anchor;
}

function click(target: Element, changes: Partial<LinkClick> = {}): LinkClick {
  return { button: 0, defaultPrevented: false, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, target, ...changes };
}

afterEach(() => document.body.replaceChildren());

describe('the links the router takes over', () => {
  it('takes a plain left click on an in-site link, from the element inside it too', () => {
    expect(clientNavigationAddress(click(linkTo('/audis')), here, isAppRoute)).toBe('/audis');
    expect(clientNavigationAddress(click(linkTo('/audis?sort=price').querySelector('span')!), here, isAppRoute)).toBe('/audis?sort=price');
    expect(clientNavigationAddress(click(linkTo('http://localhost/about')), here, isAppRoute)).toBe('/about');
    expect(clientNavigationAddress(click(linkTo('/audis/abc', { target: '_self' })), here, isAppRoute)).toBe('/audis/abc');
  });

  it('leaves modified and other-button clicks to the browser (a new tab, a new window, a download)', () => {
    const link = linkTo('/audis');
    for (const changes of [{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }, { button: 2 }]) {
      expect(clientNavigationAddress(click(link, changes), here, isAppRoute)).toBeNull();
    }
  });

  it('leaves what a handler already took (a React Router link) alone', () => {
    expect(clientNavigationAddress(click(linkTo('/audis'), { defaultPrevented: true }), here, isAppRoute)).toBeNull();
  });

  it('leaves new tabs, downloads and rel=external to the browser', () => {
    expect(clientNavigationAddress(click(linkTo('/about', { target: '_blank' })), here, isAppRoute)).toBeNull();
    expect(clientNavigationAddress(click(linkTo('/about', { download: '' })), here, isAppRoute)).toBeNull();
    expect(clientNavigationAddress(click(linkTo('/about', { rel: 'external noopener' })), here, isAppRoute)).toBeNull();
  });

  it('leaves other origins and addresses outside the route table to the browser', () => {
    expect(clientNavigationAddress(click(linkTo('https://www.kbb.com/')), here, isAppRoute)).toBeNull();
    expect(clientNavigationAddress(click(linkTo('http://localhost:5000/cars')), here, isAppRoute)).toBeNull();
    expect(clientNavigationAddress(click(linkTo('/remotes.json')), here, isAppRoute)).toBeNull();
    expect(clientNavigationAddress(click(linkTo('mailto:sales@usedcars.test')), here, isAppRoute)).toBeNull();
  });

  it('leaves a jump within the page (the skip link) to the browser, but takes a link to another page’s part', () => {
    expect(clientNavigationAddress(click(linkTo('#main')), here, isAppRoute)).toBeNull();
    expect(clientNavigationAddress(click(linkTo('/about#team')), here, isAppRoute)).toBe('/about#team');
  });

  it('ignores clicks outside any link', () => {
    const text = document.createElement('p');
    document.body.append(text);
    expect(clientNavigationAddress(click(text), here, isAppRoute)).toBeNull();
    expect(clientNavigationAddress(click(linkTo('/about'), { target: null }), here, isAppRoute)).toBeNull();
  });
});

describe('the page listening for clicks', () => {
  const press = (link: HTMLAnchorElement, init: MouseEventInit = {}) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    link.dispatchEvent(event);
    return event;
  };

  it('moves through the router, and a click before the router is up waits for it instead of reloading', () => {
    installLinkNavigation();
    const early = press(linkTo('/blogs'));
    expect(early.defaultPrevented).toBe(true);
    const moves: string[] = [];
    const unregister = setLinkNavigation((address) => moves.push(address), isAppRoute);
    expect(moves).toEqual(['/blogs']);

    expect(press(linkTo('/about')).defaultPrevented).toBe(true);
    expect(press(linkTo('/about'), { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(press(linkTo('https://x.com')).defaultPrevented).toBe(false);
    expect(press(linkTo('/remotes.json')).defaultPrevented).toBe(false);
    expect(moves).toEqual(['/blogs', '/about']);

    // A link React rendered: left to its own handler, taken only when that handler did not take it.
    const rendered = linkTo('/audis');
    Object.assign(rendered, { __reactFiber$test: {} });
    const handled = (event: Event) => event.preventDefault();
    rendered.addEventListener('click', handled);
    press(rendered);
    expect(moves).toEqual(['/blogs', '/about']);
    rendered.removeEventListener('click', handled);
    expect(press(rendered).defaultPrevented).toBe(true);
    expect(moves).toEqual(['/blogs', '/about', '/audis']);
    unregister();
  });
});
