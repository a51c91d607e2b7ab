/** An entity tag without its weakness mark: If-None-Match compares tags weakly (RFC 9110, 13.1.2). */
const opaque = (tag: string) => tag.replace(/^W\//, '');

/** Whether an If-None-Match header names this ETag: `*`, or a list of tags, weak or strong. */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaque(tag) === opaque(etag));
}
