/** Made on first use: creating an Intl formatter loads its locale's data, milliseconds of every page's start (docs/performance.md, "Formatters made on first use"). */
export function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
