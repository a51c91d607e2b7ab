/** The preview links this browser opened (docs/releases.md, "Previews"), kept by the render server only. */
export const RELEASE_PREVIEW_COOKIE = 'release_preview';
/** The query parameter a preview link's address carries. */
export const PREVIEW_PARAM = 'preview';

const UNITS: Array<[seconds: number, one: string, many: string]> = [
  [86_400, 'day', 'days'],
  [3_600, 'hour', 'hours'],
  [60, 'minute', 'minutes'],
];

/** "in 6 days" until a link expires: whole units, rounded down, so it never promises more than is left. */
export function timeLeftInWords(until: string, nowMs: number): string {
  const seconds = Math.max(0, (Date.parse(until) - nowMs) / 1000);
  for (const [size, one, many] of UNITS) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `in ${count} ${count === 1 ? one : many}`;
  }
  return 'in less than a minute';
}
