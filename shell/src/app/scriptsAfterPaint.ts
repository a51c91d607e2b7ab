/** The JSON list of scripts a server-rendered page's first screen needs, preloaded with main's (shell/src/server/page.ts). */
export const AFTER_PAINT_SCRIPTS_ID = 'usedcars-after-paint';

/** The longest the scripts wait for the page's largest picture: a slow picture must not keep the page from working. */
const PICTURE_WAIT_MS = 3_000;
/** A hidden tab renders no frames: the scripts load after this instead. */
const NO_FRAME_MS = 100;
/** How long after its picture has arrived the page waits for the browser to say it painted it. */
const NO_PAINT_REPORT_MS = 1_000;

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
    for (const href of screenScripts()) {
      const hint = document.createElement('link');
      hint.setAttribute('rel', 'preload');
      hint.setAttribute('as', 'script');
      hint.setAttribute('href', href);
      document.head.append(hint);
    }
    for (const src of scripts) {
      const script = document.createElement('script');
      script.src = src;
      // In the order given, as `defer` runs them.
      script.async = false;
      document.head.append(script);
    }
  };
  if (!root) return load();
  const pictures = [...root.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  // The browser's own word that the picture is on the screen, where it gives it (Chromium); else the next frame.
  const whenPainted = () => {
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      requestAnimationFrame(() => setTimeout(load, 0));
      setTimeout(load, NO_FRAME_MS);
      return;
    }
    const painted = (entry: PerformanceEntry) =>
      pictures.length === 0 || pictures.includes((entry as PerformanceEntry & { element?: Element }).element as HTMLImageElement);
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some(painted)) return;
      observer.disconnect();
      load();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    // A hidden tab reports no paint.
    setTimeout(load, NO_PAINT_REPORT_MS);
  };
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
