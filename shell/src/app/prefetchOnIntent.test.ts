import { HOVER_DELAY_MS, PREFETCH_AGAIN_MS, installPrefetchOnIntent, intentAddress } from '../features/navigation/prefetchOnIntent';
import { authStore, setSignedIn, setSignedOut } from '@usedcars/shared-auth';
import { isAppRoute, mayPrefetch } from './routes';

/** The shell's real route table and registry decide which links are prepared. */
const rules = { isAppRoute, mayPrefetch };
const here = { origin: 'http://localhost', pathname: '/', search: '' };
const fast = { connection: { effectiveType: '4g' }, prepared: new Map<string, number>(), now: 1_000_000 };

function linkTo(href: string): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.innerHTML = '<span>label</span>';
  document.body.append(anchor);
  return anchor;
}

const signInBuyer = () => setSignedIn({ uid: 'u1', email: 'buyer@usedcars.test', displayName: null }, 'Buyer');

beforeEach(signInBuyer);
afterEach(() => document.body.replaceChildren());

describe('which links are prepared on intent', () => {
  it('an in-site screen: its address, query included', () => {
    expect(intentAddress(linkTo('/audis'), here, rules, fast)).toBe('/audis');
    expect(intentAddress(linkTo('/audis/abc?x=1').querySelector('span'), here, rules, fast)).toBe('/audis/abc?x=1');
    expect(intentAddress(linkTo('/dashboard'), here, rules, { ...fast, connection: undefined })).toBe('/dashboard');
  });

  it('nothing when the visitor saves data or is on a slow connection', () => {
    expect(intentAddress(linkTo('/audis'), here, rules, { ...fast, connection: { saveData: true, effectiveType: '4g' } })).toBeNull();
    for (const effectiveType of ['slow-2g', '2g']) expect(intentAddress(linkTo('/audis'), here, rules, { ...fast, connection: { effectiveType } })).toBeNull();
    expect(intentAddress(linkTo('/audis'), here, rules, { ...fast, connection: { effectiveType: '3g' } })).toBe('/audis');
  });

  it('never a form that writes or the payment page; never another site, the 404 or the address on show', () => {
    expect(intentAddress(linkTo('/dashboard/payment/b1'), here, rules, fast)).toBeNull();
    expect(intentAddress(linkTo('/dashboard/addProduct'), here, rules, fast)).toBeNull();
    expect(intentAddress(linkTo('https://example.com/audis'), here, rules, fast)).toBeNull();
    expect(intentAddress(linkTo('/no-such-page'), here, rules, fast)).toBeNull();
    expect(intentAddress(linkTo('/audis'), { ...here, pathname: '/audis' }, rules, fast)).toBeNull();
  });

  it('a visitor signed out, or whose session is still being checked, is not prepared a screen that needs a sign-in; an open one is', () => {
    const checking = () => authStore.setState({ status: 'loading', user: null, role: null });
    for (const notSignedIn of [setSignedOut, checking]) {
      notSignedIn();
      expect(intentAddress(linkTo('/audis'), here, rules, fast)).toBeNull();
      expect(intentAddress(linkTo('/dashboard'), here, rules, fast)).toBeNull();
      expect(intentAddress(linkTo('/audis/abc'), here, rules, fast)).toBe('/audis/abc');
      expect(intentAddress(linkTo('/blogs'), here, rules, fast)).toBe('/blogs');
    }
    signInBuyer();
    expect(intentAddress(linkTo('/audis'), here, rules, fast)).toBe('/audis');
  });

  it('an address once per PREFETCH_AGAIN_MS', () => {
    const prepared = new Map([['/audis', fast.now - 1_000]]);
    expect(intentAddress(linkTo('/audis'), here, rules, { ...fast, prepared })).toBeNull();
    expect(intentAddress(linkTo('/audis'), here, rules, { ...fast, prepared, now: fast.now + PREFETCH_AGAIN_MS })).toBe('/audis');
  });
});

describe('the intents listened for', () => {
  let prepared: string[];
  let ahead: string[];
  let uninstall: () => void;
  beforeEach(() => {
    jest.useFakeTimers();
    prepared = [];
    ahead = [];
    uninstall = installPrefetchOnIntent(rules, (address, { prerender }) => {
      prepared.push(address);
      if (prerender) ahead.push(address);
    });
  });
  afterEach(() => {
    uninstall();
    jest.useRealTimers();
  });

  const over = (target: Element, relatedTarget: Element | null = null) => target.dispatchEvent(new MouseEvent('pointerover', { bubbles: true, relatedTarget }));
  const out = (target: Element, relatedTarget: Element | null = null) => target.dispatchEvent(new MouseEvent('pointerout', { bubbles: true, relatedTarget }));

  it('a pointer resting on a link prepares it once; one sweeping across it does not', () => {
    const audi = linkTo('/audis');
    const honda = linkTo('/hondas');
    over(honda);
    out(honda, audi);
    over(audi);
    jest.advanceTimersByTime(HOVER_DELAY_MS);
    over(audi.querySelector('span')!);
    out(audi);
    over(audi);
    jest.advanceTimersByTime(HOVER_DELAY_MS);
    expect(prepared).toEqual(['/audis']);
  });

  it('focus and touch prepare at once; focus renders the screen ahead, a touch does not', () => {
    linkTo('/blogs').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    linkTo('/mercedes').dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(prepared).toEqual(['/blogs', '/mercedes']);
    // A touch may start a scroll: its screen is not rendered ahead.
    expect(ahead).toEqual(['/blogs']);
  });

  it('each new intent renders its screen ahead, an address met before too; a repeat of the last intent does nothing', () => {
    const audi = linkTo('/audis');
    const honda = linkTo('/hondas');
    for (const link of [audi, audi, honda, audi]) link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(ahead).toEqual(['/audis', '/hondas', '/audis']);
  });
});
