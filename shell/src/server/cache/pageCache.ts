import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** A page rendered for anonymous visitors, with its compressed forms made once. */
export interface CachedPage {
  status: number;
  html: string;
  storedAt: number;
  encoded: Map<'br' | 'gzip', Buffer>;
}

export interface PageCacheOptions {
  /** Pages cached at most (least recently used go first): query strings make the addresses endless. */
  maxPages: number;
  /** How long a page is served without a new render. */
  freshMs: number;
  /** How long after that it may still be served while a new render is made. */
  staleMs: number;
  now?: () => number;
}

/**
 * Anonymous pages per address and release set (docs/operations.md, "The page cache"). Every
 * change the API announces drops them all; while the announcements may be missed (the stream to
 * the API is down), nothing is cached.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private generation = 0;
  private caching = false;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.caching;
  }

  get size(): number {
    return this.pages.size;
  }

  setCaching(on: boolean): void {
    this.caching = on;
    if (!on) this.invalidate();
  }

  invalidate(): void {
    this.generation += 1;
    this.pages.clear();
  }

  /** A render that starts now may be stored only if nothing changed while it ran. */
  ticket(): number {
    return this.generation;
  }

  lookup(key: string): { page: CachedPage; fresh: boolean } | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    const age = this.now() - page.storedAt;
    if (age > this.options.freshMs + this.options.staleMs) {
      this.pages.delete(key);
      return undefined;
    }
    // Most recently used last, so the first key is the one to drop when full.
    this.pages.delete(key);
    this.pages.set(key, page);
    return { page, fresh: age <= this.options.freshMs };
  }

  store(key: string, ticket: number, status: number, html: string): void {
    if (!this.caching || ticket !== this.generation) return;
    this.pages.delete(key);
    this.pages.set(key, { status, html, storedAt: this.now(), encoded: new Map() });
    while (this.pages.size > this.options.maxPages) this.pages.delete(this.pages.keys().next().value!);
  }
}

/** The page in the encoding the browser accepts, compressed once per cached page. */
export function encodePage(accepts: string, html: string, page?: CachedPage): { encoding?: 'br' | 'gzip'; body: Buffer | string } {
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
  if (!encoding) return { body: html };
  const encoded = page?.encoded.get(encoding);
  if (encoded) return { encoding, body: encoded };
  // Quality 5: most of brotli's gain for a fraction of its time at 11.
  const body = encoding === 'br' ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(html);
  page?.encoded.set(encoding, body);
  return { encoding, body };
}
