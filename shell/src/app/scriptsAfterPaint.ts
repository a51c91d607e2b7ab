/** The JSON list of scripts a server-rendered page's first screen needs, preloaded with main's (shell/src/server/render/page.ts). */
export const AFTER_PAINT_SCRIPTS_ID = 'usedcars-after-paint';

/** The longest the scripts wait for the page's paint: a slow picture must not keep the page from working. */
const PAINT_WAIT_MS = 3_000;
/** A hidden tab renders no frames: the scripts load after this instead. */
const NO_FRAME_MS = 250;
/** How long after its pictures have arrived the page waits for the browser to report them painted. */
const NO_PAINT_REPORT_MS = 500;

/** The server's list of the first screen's scripts (none on a page the browser renders). */
function screenScripts(): string[] {
  try {
    return JSON.parse(document.getElementById(AFTER_PAINT_SCRIPTS_ID)?.textContent ?? '[]') as string[];
  } catch {
    return [];
  }
}

/**
 * Loads the page's main scripts, and asks for those its first screen needs, once a
 * server-rendered page is on screen, its largest picture too (the ones it asked for with
 * fetchpriority="high"): the page's largest paint is then neither painted after React's start-up
 * work nor slowed by the scripts' bytes (docs/performance.md, "The page's scripts after its first
 * paint"). A page the browser must render itself loads them at once.
 */
export function loadScriptsAfterPaint(root: Element | null, scripts: string[]): void {
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    // The origin's storage opens on its first read, a few milliseconds: here rather than inside main's task, the start's longest.
    try {
      void window.localStorage?.length;
    } catch {
      // Storage refused (a privacy setting): the page does without it.
    }
    for (const src of scripts) {
      const script = document.createElement('script');
      script.src = src;
      // In the order given, as `defer` runs them.
      script.async = false;
      document.head.append(script);
    }
    // In a task of their own: each request takes the page's thread about a millisecond to start.
    setTimeout(() => {
      for (const href of screenScripts()) {
        const hint = document.createElement('link');
        hint.setAttribute('rel', 'preload');
        hint.setAttribute('as', 'script');
        hint.setAttribute('href', href);
        document.head.append(hint);
      }
    }, 0);
  };
  if (!root) return load();
  const pictures = [...root.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  const afterPictures = picturesPainted(pictures);
  afterFirstPaint(() => afterPictures(load));
  setTimeout(load, PAINT_WAIT_MS);
}

const supports = (type: string) => typeof PerformanceObserver !== 'undefined' && !!PerformanceObserver.supportedEntryTypes?.includes(type);

/** The frame after the one that shows the page: by then that one has been painted. */
function afterNextFrame(then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  requestAnimationFrame(() => requestAnimationFrame(once));
  setTimeout(once, NO_FRAME_MS);
}

/**
 * Once the page's first frame is on screen: Chromium reports its first contentful paint only when
 * that frame is presented, which on a busy phone comes well after the frame's animation callbacks.
 * No callback of ours runs in the frame's own task, which then stays the browser's (docs/performance.md).
 * A hidden tab presents nothing.
 */
function afterFirstPaint(then: () => void): void {
  if (!supports('paint') || document.visibilityState === 'hidden') return afterNextFrame(then);
  const painted = () => performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint');
  if (painted()) return then();
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint' });
}

/** Once the pictures asked for with fetchpriority="high" have arrived and been painted; their arrival is watched from now on. */
function picturesPainted(pictures: HTMLImageElement[]): (then: () => void) => void {
  let waiting = pictures.filter((picture) => !picture.complete).length;
  let arrived: (() => void) | null = null;
  for (const picture of pictures.filter((each) => !each.complete)) {
    const settled = () => {
      waiting -= 1;
      if (waiting === 0) arrived?.();
    };
    picture.addEventListener('load', settled, { once: true });
    picture.addEventListener('error', settled, { once: true });
  }
  return (then) => {
    if (pictures.length === 0) return then();
    const whenPainted = () => {
      // Chromium says when it has painted the largest element; where one of the pictures is, that is the moment.
      if (!supports('largest-contentful-paint')) return afterNextFrame(then);
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntries().some((entry) => pictures.includes((entry as PerformanceEntry & { element?: HTMLImageElement }).element!))) return;
        observer.disconnect();
        then();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
      // A picture smaller than the page's text is never the largest.
      setTimeout(then, NO_PAINT_REPORT_MS);
    };
    if (waiting === 0) whenPainted();
    else arrived = whenPainted;
  };
}
