import { canarySite, fakeClock } from '../../../test/canary-site';
import { DRIVERS } from '../../../test/helpers';
import type { ReleaseEvent } from './notices';

const TEN_MINUTES = 10 * 60_000;
const actions = (events: ReleaseEvent[]) => events.map(({ event, version, share }) => ({ event, version, share }));

describe.each(DRIVERS)('a canary’s ramp, on a clock the test moves (%s)', (driver) => {
  const clock = fakeClock();
  const site = canarySite(driver, { clock: clock.now });
  const heard: ReleaseEvent[] = [];
  const announce = jest.fn(async () => undefined);
  const check = () => site.watch((event) => heard.push(event), announce).check();

  beforeAll(async () => {
    await site.register('1.0.0');
    await site.visits('1.0.0', { views: 100, errors: 1 });
    await site.renders('1.0.0', 100);
  });

  it('starts at its first step, and waits while the canary is undecided, however long', async () => {
    await site.register('1.1.0', undefined, 'catalog', { steps: [10, 25, 50, 100], everyMs: TEN_MINUTES });
    const since = clock.now().getTime();
    expect((await site.statusOf('1.1.0'))?.share).toBe(10);
    await site.visits('1.1.0', { views: 10 });
    expect((await site.analysis())?.ramp).toEqual({
      steps: [10, 25, 50, 100],
      everyMs: TEN_MINUTES,
      step: 0,
      nextAt: new Date(since + TEN_MINUTES).toISOString(),
      held: null,
    });
    clock.advance(TEN_MINUTES + 1);
    expect(await check()).toEqual([]);
    // Its step is due, and held until there are numbers enough: never a next step shown in the past without why.
    expect(await site.analysis()).toMatchObject({ verdict: 'undecided', canary: { share: 10 }, ramp: { held: 'undecided' } });
  });

  it('steps a healthy canary up once its step’s time is up, records why, and tells the site', async () => {
    await site.visits('1.1.0', { views: 50 });
    await site.renders('1.1.0', 60);
    expect(actions(await check())).toEqual([{ event: 'ramp_step', version: '1.1.0', share: 25 }]);
    expect(announce).toHaveBeenCalledTimes(1);
    expect(await site.statusOf('1.1.0')).toMatchObject({ status: 'canary', share: 25, reason: 'share 25 % by automatic ramp' });
    const live = (await site.api().inject({ method: 'GET', url: '/releases/live' })).json<{ remotes: Record<string, { canary: { share: number } }> }>();
    expect(live.remotes.catalog?.canary.share).toBe(25);
    // The next step is a whole step's time later.
    expect(await check()).toEqual([]);
    clock.advance(TEN_MINUTES - 1_000);
    expect(await check()).toEqual([]);
  });

  it('promotes it at 100: it goes live, and the release before it retires', async () => {
    clock.advance(1_000);
    expect(actions(await check())).toEqual([{ event: 'ramp_step', version: '1.1.0', share: 50 }]);
    clock.advance(TEN_MINUTES);
    expect(actions(await check())).toEqual([{ event: 'promotion', version: '1.1.0', share: 100 }]);
    expect(await site.statusOf('1.1.0')).toMatchObject({
      status: 'live',
      share: null,
      reason: 'promoted by automatic ramp',
      liveAt: clock.now().toISOString(),
    });
    expect(await site.statusOf('1.0.0')).toMatchObject({ status: 'retired', reason: 'replaced by 1.1.0 (promoted by automatic ramp)' });
    expect(await site.analysis()).toBeUndefined();
    expect(heard.map((event) => event.event)).toEqual(['ramp_step', 'ramp_step', 'promotion']);
  });

  it('rolls back a canary that starts failing in the middle of its ramp', async () => {
    await site.register('1.2.0', 5, 'catalog', { steps: [5, 50, 100], everyMs: 60_000 });
    await site.visits('1.2.0', { views: 60 });
    await site.renders('1.2.0', 60);
    clock.advance(60_000);
    expect(actions(await check())).toEqual([{ event: 'ramp_step', version: '1.2.0', share: 50 }]);
    await site.renders('1.2.0', 40, 40);
    expect(actions(await check())).toEqual([{ event: 'rollback', version: '1.2.0', share: 0 }]);
    expect((await site.statusOf('1.2.0'))?.reason).toBe(
      'rolled back by automatic: render failures (screens that threw, builds not loaded) 40.0 % over 100 renders, live release 0.0 % (margin 5 points)',
    );
  });

  it('stops when a person sets the share, so its next step never undoes theirs', async () => {
    await site.register('1.3.0', 10, 'catalog', { steps: [10, 100], everyMs: 60_000 });
    const changed = await site.api().inject({ method: 'PUT', url: '/releases/catalog/canary', headers: site.admin().auth, payload: { share: 30 } });
    expect(changed.json()).toMatchObject({ share: 30, reason: `share set to 30 % by ${site.admin().email}; its ramp stops` });
    await site.visits('1.3.0', { views: 60 });
    await site.renders('1.3.0', 60);
    clock.advance(120_000);
    expect(await site.analysis()).toMatchObject({ verdict: 'healthy', ramp: null });
    expect(await check()).toEqual([]);
    expect(await site.statusOf('1.3.0')).toMatchObject({ status: 'canary', share: 30 });
  });
});
