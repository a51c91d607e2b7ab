import { CATEGORY_PATHS, PHOTO_ALT_FIELD, PHOTO_FILE_FIELD, type CarPhotosResponse, type Category, type PhotoOrder } from '@usedcars/shared-contract';
// Through the package's own entry, not './client': this module is a subpath each remote bundles
// for itself, and the entry is the copy the page shares (docs/architecture.md, "Module federation").
import { ApiError, ApiUnreachableError, apiUrl, refreshedAccessToken, request, storedAccessToken } from '@usedcars/shared-api';

/** The photo endpoints of a car (docs/api.md, "Car photos"); only the car's seller may call them. */

export type { CarPhotosResponse } from '@usedcars/shared-contract';

const photosPath = (category: Category, carId: string) => `${CATEGORY_PATHS[category].apiCollection}/${encodeURIComponent(carId)}/photos`;

export interface UploadProgress {
  /** Bytes of the request sent so far, and in all (the file plus a little multipart framing). */
  loaded: number;
  total: number;
}

export interface UploadOptions {
  /** Called as the request body goes out; once it is all sent the server is still re-encoding. */
  onProgress?: (progress: UploadProgress) => void;
  /** The photo's alt text (empty: the API describes it from the car's name). */
  alt?: string;
  signal?: AbortSignal;
}

/**
 * POST /{collection}/{id}/photos: the file becomes the car's last photo (one photo per request).
 * XMLHttpRequest rather than fetch: only it reports how much of a request body has been sent, and
 * a seller on a phone connection wants to see each photo go. A 401 is retried once with a fresh
 * token, as `request` does.
 */
export async function uploadPhoto(category: Category, carId: string, file: File, options: UploadOptions = {}): Promise<CarPhotosResponse> {
  const form = () => {
    const body = new FormData();
    body.append(PHOTO_FILE_FIELD, file, file.name);
    if (options.alt !== undefined) body.append(PHOTO_ALT_FIELD, options.alt);
    return body;
  };
  const token = storedAccessToken();
  let sent = await sendForm(apiUrl(photosPath(category, carId)), form(), token, options);
  if (sent.status === 401) {
    const fresh = await refreshedAccessToken(token);
    if (fresh) sent = await sendForm(apiUrl(photosPath(category, carId)), form(), fresh, options);
  }
  let body: unknown;
  try {
    body = sent.text ? JSON.parse(sent.text) : undefined;
  } catch {
    body = sent.text;
  }
  if (sent.status < 200 || sent.status >= 300) {
    const message =
      typeof (body as { message?: unknown } | undefined)?.message === 'string' ? (body as { message: string }).message : `The server answered ${sent.status}`;
    throw new ApiError(message, sent.status, body);
  }
  return body as CarPhotosResponse;
}

function sendForm(url: string, body: FormData, token: string | null, { onProgress, signal }: UploadOptions): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiUnreachableError());
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** DELETE /{collection}/{id}/photos/{photoId}: the next photo becomes the cover when it was the cover. */
export function deletePhoto(category: Category, carId: string, photoId: string): Promise<CarPhotosResponse> {
  return request<CarPhotosResponse>(`${photosPath(category, carId)}/${encodeURIComponent(photoId)}`, { method: 'DELETE' });
}

/** PUT /{collection}/{id}/photos: every photo id of the car once, the cover first. */
export function reorderPhotos(category: Category, carId: string, photoIds: readonly string[]): Promise<CarPhotosResponse> {
  const body: PhotoOrder = { photoIds: [...photoIds] };
  return request<CarPhotosResponse>(photosPath(category, carId), { method: 'PUT', body });
}
