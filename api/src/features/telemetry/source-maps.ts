import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { and, eq } from 'drizzle-orm';
import type { StackFrame } from '@usedcars/shared-contract/error-details';
import type { ErrorGroup } from '@usedcars/shared-contract/telemetry';
import type { Db } from '../../db/client';
import { releaseSourceMaps } from '../../db/schema';

type ShownFrame = ErrorGroup['frames'][number];

/** Parsed maps cached at most, by the size of their text (a parsed map takes a few times that once used). */
const CACHE_BYTES = 32 * 1024 * 1024;
/** What a missing map costs to remember. */
const MISSING_BYTES = 256;

interface Cached {
  map: Promise<TraceMap | null>;
  bytes: number;
}

/** `webpack://mf-catalog/./src/app.tsx` is `src/app.tsx` of the remote's sources. */
const sourceName = (source: string) => source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');

/**
 * Where a frame of a release's script is in its source, from the source maps the release uploaded
 * (docs/releases.md, "Errors"). A script is a release's when it is served from the release files'
 * address (`…/release-files/<remote>/<version>/<path>`); its map is `<path>.map` of that release.
 * Maps are read from the database once and cached parsed, the least recently used going first.
 */
export class SourceMaps {
  private readonly cache = new Map<string, Cached>();
  private bytes = 0;

  constructor(
    private readonly db: Db,
    /** Where release files are served from: RELEASE_DIR's /release-files/ address, or the bucket's. */
    private readonly filesBaseUrl: string,
    private readonly maxBytes = CACHE_BYTES,
  ) {}

  /** The frames, each with where it is in the source when its release's map says so. */
  async resolve(frames: readonly StackFrame[]): Promise<ShownFrame[]> {
    return Promise.all(
      frames.map(async (frame) => {
        const map = await this.mapOf(frame.file);
        if (!map) return frame;
        // Stacks count columns from 1, maps from 0.
        const found = originalPositionFor(map, { line: frame.line, column: Math.max(0, frame.column - 1) });
        if (found.source === null) return frame;
        const original = { file: sourceName(found.source), line: found.line, column: found.column + 1, ...(found.name ? { name: found.name } : {}) };
        return { ...frame, original };
      }),
    );
  }

  private mapOf(file: string): Promise<TraceMap | null> {
    if (!file.startsWith(this.filesBaseUrl)) return Promise.resolve(null);
    const [remote, version, ...rest] = file
      .slice(this.filesBaseUrl.length)
      .replace(/[?#].*$/, '')
      .split('/');
    if (!remote || !version || rest.length === 0) return Promise.resolve(null);
    const path = `${rest.join('/')}.map`;
    const key = `${remote}/${version}/${path}`;
    const cached = this.cache.get(key);
    if (cached) {
      // Used last: it goes last.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached.map;
    }
    const entry: Cached = { map: Promise.resolve(null), bytes: 0 };
    entry.map = this.read(remote, version, path, (bytes) => this.sized(key, entry, bytes)).catch(() => {
      // A read that failed is tried again next time.
      if (this.cache.get(key) === entry) this.cache.delete(key);
      return null;
    });
    this.cache.set(key, entry);
    return entry.map;
  }

  private async read(remote: string, version: string, path: string, sized: (bytes: number) => void): Promise<TraceMap | null> {
    const t = releaseSourceMaps;
    const [row] = await this.db
      .select({ map: t.map })
      .from(t)
      .where(and(eq(t.remote, remote), eq(t.version, version), eq(t.path, path)))
      .limit(1);
    sized(row ? row.map.length : MISSING_BYTES);
    if (!row) return null;
    try {
      return new TraceMap(row.map);
    } catch {
      return null;
    }
  }

  /** Counts an entry's size once read, and lets the least recently used go past the bound. */
  private sized(key: string, entry: Cached, bytes: number): void {
    if (this.cache.get(key) !== entry) return;
    entry.bytes = bytes;
    this.bytes += bytes;
    for (const [oldKey, old] of this.cache) {
      if (this.bytes <= this.maxBytes || old === entry) break;
      this.cache.delete(oldKey);
      this.bytes -= old.bytes;
    }
  }
}
