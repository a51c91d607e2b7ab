/**
 * Photos for the demo catalog, made without any network: each car's side view is the project's
 * own car drawing (car-art.ts) in its body style and paint, and a few close-ups (the dashboard,
 * a wheel, the seats, the boot) are drawn here once and shared. They go through the same
 * processing as an upload. What was processed is kept in a cache folder outside DATA_DIR (by
 * default under node_modules/.cache), keyed by a hash of the drawing and of the processing
 * settings, so a fresh data folder (every browser-test run makes one) copies the files from it
 * instead of encoding them anew.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PROCESSING_SIGNATURE, type EncodedVariant, processPhoto } from '../features/photos/processing';
import { FolderStorage, type PhotoStorage } from '../features/photos/storage';
import { type BodyStyle, type Paint, carSvg } from './car-art';

export interface DemoPhotoOptions {
  storage: PhotoStorage;
  /** Where the processed drawings are kept: an index.json and the files, whatever the storage. */
  cacheDir: string;
}

/**
 * The machine's cache of processed demo photos: DEMO_PHOTO_CACHE, or node_modules/.cache of the
 * checkout (docs/how-to.md). Deleting it only costs the next seed the encoding.
 */
export function demoPhotoCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DEMO_PHOTO_CACHE || path.join(__dirname, '../../../node_modules/.cache/usedcars-demo-photos'));
}

export const CLOSE_UPS = ['dashboard', 'wheel', 'seats', 'boot'] as const;
export type CloseUp = (typeof CLOSE_UPS)[number];

/** One picture to make: a drawing and what it shows. */
export interface DemoShot {
  id: string;
  svg: string;
  alt: string;
}

export interface MadePhoto {
  width: number;
  height: number;
  variants: (Omit<EncodedVariant, 'bytes'> & { size: number })[];
}

/** The pictures are 16:9 at the largest photo width, so every car gets the full set of widths. */
const WIDTH = 1280;
const HEIGHT = 720;

const frame = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 270">${body}</svg>`;

const CLOSE_UP_SVG: Record<CloseUp, string> = {
  dashboard: frame(`
<defs><linearGradient id="screen" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe3f3"/><stop offset="1" stop-color="#8fb0c8"/></linearGradient></defs>
<rect width="480" height="270" fill="#2a2d31"/>
<path d="M0 0 H480 V92 Q240 70 0 92 Z" fill="url(#screen)"/>
<path d="M0 92 Q240 70 480 92 V150 H0 Z" fill="#1b1d20"/>
<g fill="#0f1012" stroke="#5b6168" stroke-width="3"><circle cx="120" cy="128" r="26"/><circle cx="186" cy="128" r="26"/></g>
<g stroke="#e85d3a" stroke-width="3" stroke-linecap="round"><path d="M120 128 L136 114"/><path d="M186 128 L170 110"/></g>
<rect x="262" y="104" width="120" height="62" rx="6" fill="#0f1012" stroke="#5b6168" stroke-width="2"/>
<rect x="270" y="112" width="104" height="46" rx="3" fill="#2f5d86"/>
<g fill="none" stroke="#15171a" stroke-width="18"><circle cx="154" cy="206" r="74"/></g>
<path d="M86 212 Q154 190 222 212" stroke="#15171a" stroke-width="16" fill="none"/>
<circle cx="154" cy="206" r="20" fill="#30343a"/>
<rect x="300" y="186" width="90" height="84" rx="10" fill="#1b1d20"/>`),
  wheel: frame(`
<rect width="480" height="270" fill="#9aa3ac"/>
<rect y="214" width="480" height="56" fill="#6d747b"/>
<path d="M40 0 H440 V70 Q240 20 40 70 Z" fill="#4a5058"/>
<circle cx="240" cy="150" r="112" fill="#17191c"/>
<circle cx="240" cy="150" r="78" fill="#c3c9cf"/>
<circle cx="240" cy="150" r="70" fill="#7d858d"/>
<circle cx="240" cy="150" r="52" fill="#4b5157"/>
<path d="M286 112 A60 60 0 0 1 292 176" stroke="#c0392b" stroke-width="16" fill="none" stroke-linecap="round"/>
${[0, 72, 144, 216, 288].map((angle) => `<rect x="232" y="84" width="16" height="56" rx="8" fill="#d5dade" transform="rotate(${angle} 240 150)"/>`).join('')}
<circle cx="240" cy="150" r="16" fill="#5b6168"/>
<circle cx="240" cy="150" r="6" fill="#c3c9cf"/>`),
  seats: frame(`
<rect width="480" height="270" fill="#3a3530"/>
<rect y="200" width="480" height="70" fill="#24211e"/>
<g fill="#8b6b4a"><rect x="70" y="70" width="130" height="150" rx="34"/><rect x="280" y="70" width="130" height="150" rx="34"/></g>
<g fill="#7a5d40"><rect x="100" y="26" width="70" height="40" rx="16"/><rect x="310" y="26" width="70" height="40" rx="16"/></g>
<g stroke="#6a4f36" stroke-width="4"><path d="M100 110 V200"/><path d="M135 110 V200"/><path d="M170 110 V200"/><path d="M310 110 V200"/><path d="M345 110 V200"/><path d="M380 110 V200"/></g>
<rect x="214" y="150" width="52" height="120" rx="8" fill="#1b1d20"/>
<rect x="228" y="170" width="24" height="34" rx="6" fill="#5b6168"/>`),
  boot: frame(`
<rect width="480" height="270" fill="#c9ced3"/>
<path d="M70 40 H410 L440 230 H40 Z" fill="#2a2d31"/>
<path d="M96 70 H384 L404 200 H76 Z" fill="#1b1d20"/>
<rect x="76" y="196" width="328" height="30" fill="#3a3e44"/>
<rect x="120" y="120" width="110" height="76" rx="6" fill="#6d5a44"/>
<rect x="250" y="140" width="90" height="56" rx="6" fill="#4f6b5a"/>
<g fill="#b3202a"><rect x="40" y="150" width="30" height="18" rx="4"/><rect x="410" y="150" width="30" height="18" rx="4"/></g>`),
};

const CLOSE_UP_ALT: Record<CloseUp, string> = {
  dashboard: 'The dashboard and steering wheel',
  wheel: 'A wheel and its brake',
  seats: 'The front seats',
  boot: 'The open boot',
};

export function sideView(style: BodyStyle, paint: Paint, carName: string): DemoShot {
  return { id: `side-${style}-${paint}`, svg: carSvg(style, paint), alt: `The ${paint} ${carName} from the side` };
}

export function closeUp(shot: CloseUp): DemoShot {
  return { id: shot, svg: CLOSE_UP_SVG[shot], alt: CLOSE_UP_ALT[shot] };
}

type Cache = Record<string, MadePhoto>;

async function readCache(file: string): Promise<Cache> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Cache;
  } catch {
    return {};
  }
}

/**
 * Makes each drawing once: from the cache when it holds every file of it (copied into the
 * storage where missing there), else by rendering and processing it, as many at once as there
 * are cores (seeding has the machine to itself).
 */
export async function makeDemoPhotos(
  shots: readonly DemoShot[],
  { storage, cacheDir }: DemoPhotoOptions,
): Promise<{ photos: Map<string, MadePhoto>; processed: number; reused: number }> {
  const indexFile = path.join(cacheDir, 'index.json');
  const cacheFiles = new FolderStorage(path.join(cacheDir, 'files'));
  const cache = await readCache(indexFile);
  const unique = [...new Map(shots.map((shot) => [shot.id, shot])).values()];
  const hashOf = (shot: DemoShot) => createHash('sha256').update(`${PROCESSING_SIGNATURE}\n${WIDTH}x${HEIGHT}\n${shot.svg}`).digest('hex');
  const photos = new Map<string, MadePhoto>();
  const fromCache = async (made: MadePhoto): Promise<boolean> => {
    for (const variant of made.variants) {
      if (await storage.exists(variant.key)) continue;
      const bytes = await cacheFiles.get(variant.key);
      if (!bytes) return false;
      await storage.put(variant.key, bytes);
    }
    return true;
  };
  const todo: DemoShot[] = [];
  for (const shot of unique) {
    const cached = cache[hashOf(shot)];
    if (cached && (await fromCache(cached))) photos.set(shot.id, cached);
    else todo.push(shot);
  }
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const shot = todo[next++]!;
      const drawing = await sharp(Buffer.from(shot.svg), { density: (72 * WIDTH) / 480 })
        .resize(WIDTH, HEIGHT, { fit: 'cover' })
        .png({ compressionLevel: 1 })
        .toBuffer();
      const processed = await processPhoto(drawing);
      for (const variant of processed.variants) {
        await storage.put(variant.key, variant.bytes);
        await cacheFiles.put(variant.key, variant.bytes);
      }
      const made: MadePhoto = {
        width: processed.width,
        height: processed.height,
        variants: processed.variants.map(({ bytes, ...variant }) => ({ ...variant, size: bytes.length })),
      };
      cache[hashOf(shot)] = made;
      photos.set(shot.id, made);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(availableParallelism(), 4)) }, worker));
  if (todo.length > 0) {
    await mkdir(cacheDir, { recursive: true });
    const partial = `${indexFile}.${process.pid}`;
    await writeFile(partial, JSON.stringify(cache));
    await rename(partial, indexFile);
  }
  return { photos, processed: todo.length, reused: unique.length - todo.length };
}
