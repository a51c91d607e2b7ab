/** The JSON list of scripts a server-rendered page's first screen needs, preloaded with main's (shell/src/server/page.ts). */
export const AFTER_PAINT_SCRIPTS_ID = 'usedcars-after-paint';

/** The longest the scripts wait for the page's largest picture: a slow picture must not keep the page from working. */
const PICTURE_WAIT_MS = 3_000;
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
 * server-rendered page has painted its largest picture (the ones it asked for with
 * fetchpriority="high"): that picture is then neither painted after React's start-up work nor
 * slowed by the scripts' bytes (docs/performance.md, "The page's scripts after its first paint").
 * A page the browser must render itself loads them at once.
 */
export function loadScriptsAfterPaint(root: Element | null, scripts: string[]): void {
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
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
  // The frame after the one that shows the page: by then that one has been painted.
  const afterNextFrame = () => {
    requestAnimationFrame(() => requestAnimationFrame(load));
    setTimeout(load, NO_FRAME_MS);
  };
  const pictures = [...root.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  const whenPainted = () => {
    // Chromium says when it has painted the largest element; where one of the pictures is, that is the moment.
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntries().some((entry) => pictures.includes((entry as PerformanceEntry & { element?: HTMLImageElement }).element!))) return;
        observer.disconnect();
        load();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
      // A picture smaller than the page's text is never the largest; a hidden tab paints nothing.
      setTimeout(load, NO_PAINT_REPORT_MS);
      return;
    }
    afterNextFrame();
  };
  if (pictures.length === 0) return afterNextFrame();
  const loading = pictures.filter((picture) => !picture.complete);
  if (loading.length === 0) return whenPainted();
  let waiting = loading.length;
  const settled = () => {
    waiting -= 1;
    if (waiting === 0) whenPainted();
  };
  for (const picture of loading) {
    picture.addEventListener('load', settled, { once: true });
    picture.addEventListener('error', settled, { once: true });
  }
  setTimeout(load, PICTURE_WAIT_MS);
}
