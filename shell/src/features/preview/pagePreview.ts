import { serializeBootData } from '@usedcars/federation/boot';
import { timeLeftInWords } from '@usedcars/shared-contract';

/** What a page previews (docs/releases.md, "Previews"), as the render server decided it: the bar says so. */
export interface PagePreview {
  /** Registered releases shown in place of what everyone gets, with when each link expires, in words. */
  releases: Array<{ remote: string; version: string; expiresIn: string }>;
  /** Remotes loaded from a dev server on this machine (its origin). */
  local: Array<{ remote: string; origin: string }>;
  /** A link this browser held or opened beside these has expired, was withdrawn or is not valid. */
  ended: boolean;
}

/**
 * Set (readable by the page, a minute) when the only thing to say is that a link has ended: the page
 * itself is the one everyone gets, from the page cache, and the bar shows the notice once hydrated.
 */
export const PREVIEW_ENDED_COOKIE = 'release_preview_ended';

/** Whether the render server said a link ended; the cookie goes, so the notice shows once. */
export function takeEndedNotice(doc: Document = document): boolean {
  const ended = doc.cookie.split('; ').includes(`${PREVIEW_ENDED_COOKIE}=1`);
  if (ended) doc.cookie = `${PREVIEW_ENDED_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  return ended;
}

/** Where Leave preview's form is sent: the render server clears the links and sends the visitor back. */
export const LEAVE_PREVIEW_PATH = '/preview/leave';

/** A JSON block beside the boot data, in server-rendered and browser-rendered pages alike; never run. */
const PREVIEW_DATA_ID = 'usedcars-preview';

/** The page's HTML with the block before </body>. */
export const withPreviewBlock = (html: string, preview: PagePreview) =>
  html.replace('</body>', () => `<script type="application/json" id="${PREVIEW_DATA_ID}">${serializeBootData(preview)}</script></body>`);

export function readPagePreview(doc: Document = document): PagePreview | null {
  const text = doc.getElementById(PREVIEW_DATA_ID)?.textContent;
  try {
    return text ? (JSON.parse(text) as PagePreview) : null;
  } catch {
    return null;
  }
}

/** "expires in 6 days", as the bar says it. */
export const expiresInWords = (expiresAt: string, nowMs: number): string => `expires ${timeLeftInWords(expiresAt, nowMs)}`;
