import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadPhoto, type CarPhotosResponse } from '@usedcars/shared-api/photos';
import { PHOTOS_PER_CAR_MAX, PHOTO_FILE_MAX_BYTES, type Category } from '@usedcars/shared-contract';

/**
 * The files a seller picked, each on its way to becoming a photo of a car (docs/product.md,
 * "Car photos"). Each file is sent in a request of its own, one after another, so each has its
 * own progress and its own refusal, and one bad file never holds back the others.
 */

type UploadState = 'waiting' | 'uploading' | 'processing' | 'done' | 'refused';

export interface UploadRow {
  key: string;
  file: File;
  state: UploadState;
  /** 0–100: how much of the file has been sent. */
  percent: number;
  /** Why it was refused (by this page or the API), in words for the seller. */
  message?: string;
  /** Refused by this page (too big, one too many): sending it again cannot help. */
  final?: boolean;
}

const MEGABYTES = PHOTO_FILE_MAX_BYTES / (1024 * 1024);

function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The rows for newly picked files: refused at once when too big or past the last photo a car may have. */
function addedRows(current: readonly UploadRow[], files: readonly File[], storedPhotos: number, nextKey: () => string): UploadRow[] {
  let taken = storedPhotos + current.filter((row) => row.state !== 'refused' && row.state !== 'done').length;
  return files.map((file): UploadRow => {
    const key = nextKey();
    if (file.size > PHOTO_FILE_MAX_BYTES) {
      return { key, file, state: 'refused', final: true, percent: 0, message: `${file.name} is larger than ${MEGABYTES} MB, the most a photo may be` };
    }
    if (taken >= PHOTOS_PER_CAR_MAX) {
      return {
        key,
        file,
        state: 'refused',
        final: true,
        percent: 0,
        message: `${file.name} would be photo ${taken + 1}; a car has at most ${PHOTOS_PER_CAR_MAX} photos`,
      };
    }
    taken += 1;
    return { key, file, state: 'waiting', percent: 0 };
  });
}

interface UploadRun {
  rows: { readonly current: UploadRow[] };
  aborts: Map<string, AbortController>;
  patch: (key: string, change: Partial<UploadRow>) => void;
}

/** Sends waiting rows one after another until none waits; resolves with how many were refused. */
async function sendWaiting({ rows, aborts, patch }: UploadRun, category: Category, carId: string, onResponse: (response: CarPhotosResponse) => void) {
  let refused = 0;
  for (;;) {
    const row = rows.current.find((candidate) => candidate.state === 'waiting');
    if (!row) break;
    const controller = new AbortController();
    aborts.set(row.key, controller);
    patch(row.key, { state: 'uploading', percent: 0, message: undefined });
    try {
      const response = await uploadPhoto(category, carId, row.file, {
        signal: controller.signal,
        onProgress: ({ loaded, total }) => {
          const percent = Math.min(100, Math.round((loaded / total) * 100));
          patch(row.key, percent >= 100 ? { percent, state: 'processing' } : { percent });
        },
      });
      patch(row.key, { state: 'done', percent: 100 });
      onResponse(response);
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') continue;
      refused += 1;
      patch(row.key, { state: 'refused', message: error instanceof Error ? error.message : String(error) });
    } finally {
      aborts.delete(row.key);
    }
  }
  return refused;
}

export interface Uploads {
  rows: UploadRow[];
  /** Rows still to send or being sent. */
  pending: number;
  busy: boolean;
  /** Adds files; those that cannot be sent (too big, past the twelfth photo) are refused at once. */
  add(files: readonly File[], storedPhotos: number): void;
  remove(key: string): void;
  move(key: string, delta: number): void;
  /** Puts a waiting file first: it becomes the cover when the car has no photos yet. */
  makeFirst(key: string): void;
  /** Sends every waiting file to the car, in order; resolves with how many were refused. */
  run(category: Category, carId: string, onResponse: (response: CarPhotosResponse) => void): Promise<number>;
  /** Refused files wait again (an interrupted connection, a full write limit). */
  retryRefused(): void;
}

export function useUploads(): Uploads {
  const [rows, setRowsState] = useState<UploadRow[]>([]);
  const rowsRef = useRef<UploadRow[]>([]);
  const running = useRef<Promise<number> | null>(null);
  const aborts = useRef(new Map<string, AbortController>());
  const mounted = useRef(true);
  /** Each row's key, unique among this hook's rows. */
  const made = useRef(0);

  useEffect(() => {
    mounted.current = true;
    const controllers = aborts.current;
    return () => {
      mounted.current = false;
      for (const controller of controllers.values()) controller.abort();
    };
  }, []);

  const setRows = useCallback((update: (rows: UploadRow[]) => UploadRow[]) => {
    rowsRef.current = update(rowsRef.current);
    if (mounted.current) setRowsState(rowsRef.current);
  }, []);
  const patch = useCallback(
    (key: string, change: Partial<UploadRow>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row))),
    [setRows],
  );

  const add = useCallback(
    (files: readonly File[], storedPhotos: number) => {
      setRows((current) => [...current, ...addedRows(current, files, storedPhotos, () => `upload-${++made.current}`)]);
    },
    [setRows],
  );

  const remove = useCallback(
    (key: string) => {
      aborts.current.get(key)?.abort();
      setRows((current) => current.filter((row) => row.key !== key));
    },
    [setRows],
  );

  const move = useCallback(
    (key: string, delta: number) => {
      setRows((current) => {
        const from = current.findIndex((row) => row.key === key);
        return moveItem(current, from, from + delta);
      });
    },
    [setRows],
  );

  const makeFirst = useCallback(
    (key: string) => {
      setRows((current) =>
        moveItem(
          current,
          current.findIndex((row) => row.key === key),
          0,
        ),
      );
    },
    [setRows],
  );

  const run = useCallback(
    (category: Category, carId: string, onResponse: (response: CarPhotosResponse) => void): Promise<number> => {
      // Files added while a run is going are picked up by it.
      if (running.current) return running.current;
      const work = sendWaiting({ rows: rowsRef, aborts: aborts.current, patch }, category, carId, onResponse);
      running.current = work.finally(() => {
        running.current = null;
      });
      return running.current;
    },
    [patch],
  );

  const retryRefused = useCallback(
    () =>
      setRows((current) => current.map((row) => (row.state === 'refused' && !row.final ? { ...row, state: 'waiting', percent: 0, message: undefined } : row))),
    [setRows],
  );

  const pending = rows.filter((row) => row.state === 'waiting' || row.state === 'uploading' || row.state === 'processing').length;
  return { rows, pending, busy: rows.some((row) => row.state === 'uploading' || row.state === 'processing'), add, remove, move, makeFirst, run, retryRefused };
}
