/**
 * The other origins a page loads from (the remotes' files, their pictures, the API), connected to while the page is
 * still arriving: a CDN host of its own costs the page a lookup and a connection otherwise (docs/performance.md).
 */
export function preconnectHeader(addresses: readonly string[]): Record<string, string> {
  const origins = new Set(
    addresses.flatMap((address) => {
      try {
        return [new URL(address).origin];
      } catch {
        return [];
      }
    }),
  );
  // Scripts are fetched with CORS and pictures without: each goes over a connection of its own kind.
  const links = [...origins].flatMap((origin) => [`<${origin}>; rel=preconnect`, `<${origin}>; rel=preconnect; crossorigin`]);
  return links.length > 0 ? { Link: links.join(', ') } : {};
}
