// Pipelines: catalog, dashboard
import { expect, test } from '../support/test';
import { DEMO, SITE } from '../support/site';

/**
 * The page-speed guard (docs/performance.md, "The guard"): Lighthouse on every public page and two
 * signed-in ones, three runs each, judged on the median, and each page's long script tasks counted.
 * Its simulation runs over each task's CPU time, not the time the task waited for a core of this
 * busy machine, so it judges the pages' code, not the moment; a script's task counts as long when it
 * is long in every run. Its limits are looser than the goals
 * `npm run bench` reports against, and tight enough for one task of 100 ms at 4× on home to fail it.
 */

const RUNS = 3;
const LIMITS = { score: 95, tbtMs: 150, lcpMs: 1500 };

type Lighthouse = typeof import('../../scripts/lighthouse.mjs');
const lighthouse = (): Promise<Lighthouse> => import('../../scripts/lighthouse.mjs');

async function carPage(): Promise<string> {
  const cars = (await (await fetch(`${SITE.api}/audis?limit=1`)).json()) as { _id: string }[];
  return `/audis/${cars[0]!._id}`;
}

const PAGES: { name: string; address: string | (() => Promise<string>); signedInAs?: string; longTaskMs?: number }[] = [
  { name: 'home', address: '/' },
  { name: 'About', address: '/about' },
  { name: 'Blogs', address: '/blogs' },
  { name: "a car's page", address: carPage },
  { name: 'Login', address: '/login' },
  { name: 'Register', address: '/register' },
  { name: 'the 404 page', address: '/no/such/page' },
  // Its hydration of 24 cards sits at 50–85 ms at 4× (docs/performance.md, "The guard"): a looser line until it is split.
  { name: 'a brand list, signed in', address: '/audis', signedInAs: DEMO.buyer, longTaskMs: 100 },
  { name: 'the dashboard, signed in', address: '/dashboard', signedInAs: DEMO.buyer },
];

/** A few requests at most: a page the cache cannot keep (the cache following no change feed) is measured as it comes. */
async function fromCache(url: string): Promise<void> {
  for (let tries = 0; tries < 5; tries += 1) {
    if (['hit', 'stale'].includes((await fetch(url)).headers.get('x-render-cache') ?? '')) return;
  }
}

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '') || url;

for (const { name, address, signedInAs, longTaskMs } of PAGES) {
  test(`${name}: Lighthouse score ≥ ${LIMITS.score}, TBT ≤ ${LIMITS.tbtMs} ms, LCP ≤ ${LIMITS.lcpMs / 1000} s, no script task over ${longTaskMs ?? 50} ms`, async () => {
    // Three Lighthouse runs of a page on a busy machine, a sign-in before each for the signed-in pages.
    test.setTimeout(300_000);
    const { lighthouseRuns, median, signInFirst, LONG_TASK_MS } = await lighthouse();
    const url = `${SITE.shell}${typeof address === 'string' ? address : await address()}`;
    // As a CDN serves it: a public page is measured from the render server's cache, once a request has put it there.
    if (!signedInAs) await fromCache(url);
    const runs = await lighthouseRuns(url, RUNS, { cpuTime: true, prepare: signedInAs ? (port) => signInFirst(port, SITE.shell, signedInAs, url) : undefined });
    const figures = {
      score: median(runs.map((run) => run.score)),
      tbt: median(runs.map((run) => run.tbt)),
      lcp: median(runs.map((run) => run.lcp)),
    };
    // A script's task counts when it is long in every run: one the machine's other work stretched now and then does not.
    const longTasks = new Map<string, number>();
    for (const run of runs) {
      for (const url of new Set(run.longTasks.filter((task) => task.script && task.ms > (longTaskMs ?? LONG_TASK_MS)).map((task) => short(task.url)))) {
        longTasks.set(url, (longTasks.get(url) ?? 0) + 1);
      }
    }
    const persistent = [...longTasks].filter(([, count]) => count === RUNS).map(([url]) => url);
    const report = runs
      .map(
        (run, i) =>
          `  run ${i + 1}: score ${run.score}, TBT ${Math.round(run.tbt)} ms, LCP ${(run.lcp / 1000).toFixed(2)} s (benchmarkIndex ${run.benchmarkIndex}); ` +
          `long tasks: ${run.longTasks.map((task) => `${short(task.url)} ${Math.round(task.ms)} ms`).join(', ') || 'none'}`,
      )
      .join('\n');
    console.log(`${name} (${url}): median score ${figures.score}, TBT ${Math.round(figures.tbt)} ms, LCP ${(figures.lcp / 1000).toFixed(2)} s\n${report}`);

    expect.soft(figures.score, `${name}: the median score\n${report}`).toBeGreaterThanOrEqual(LIMITS.score);
    expect.soft(figures.tbt, `${name}: the median Total Blocking Time\n${report}`).toBeLessThanOrEqual(LIMITS.tbtMs);
    expect.soft(figures.lcp, `${name}: the median Largest Contentful Paint\n${report}`).toBeLessThanOrEqual(LIMITS.lcpMs);
    // A request that stays open at a high priority keeps Lighthouse waiting for the page to load, as it would any tool.
    expect
      .soft(
        runs.flatMap((run) => run.warnings.filter((warning) => /too slowly|time limit/i.test(warning))),
        `${name}: Lighthouse's warnings`,
      )
      .toEqual([]);
    expect(persistent, `${name}: scripts with a task over ${LONG_TASK_MS} ms at 4× in every run\n${report}`).toEqual([]);
  });
}
