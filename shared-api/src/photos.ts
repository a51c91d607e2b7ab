import { CATEGORY_PATHS, PHOTO_ALT_FIELD, PHOTO_FILE_FIELD, type CarPhotosResponse, type Category, type PhotoOrder } from '@usedcars/shared-contract';
// The entry, not './client': it is the copy the page shares (docs/architecture.md, "Decisions worth knowing").
import { ApiError, ApiUnreachableError, apiUrl, refreshedAccessToken, request, storedAccessToken } from '@usedcars/shared-api';

export type { CarPhotosResponse } from '@usedcars/shared-contract';

const photosPath = (category: Category, carId: string) => `${CATEGORY_PATHS[category].apiCollection}/${encodeURIComponent(carId)}/photos`;

export interface UploadProgress {
  /** Of the whole request: the file plus a little multipart framing. */
  loaded: number;
  total: number;
}

export interface UploadOptions {
  /** Once it is all sent the server is still re-encoding. */
  onProgress?: (progress: UploadProgress) => void;
  /** Empty: the API describes it from the car's name. */
  alt?: string;
  signal?: AbortSignal;
}

// XMLHttpRequest, not fetch: only it reports upload progress, which a seller on a phone wants to see.
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
      typeof (body as { message?: unknown } | undefined)?.message === 'string'
        ? (body as { message: string }).message
        : `The server responded with ${sent.status}`;
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

export function deletePhoto(category: Category, carId: string, photoId: string): Promise<CarPhotosResponse> {
  return request<CarPhotosResponse>(`${photosPath(category, carId)}/${encodeURIComponent(photoId)}`, { method: 'DELETE' });
}

export function reorderPhotos(category: Category, carId: string, photoIds: readonly string[]): Promise<CarPhotosResponse> {
  const body: PhotoOrder = { photoIds: [...photoIds] };
  return request<CarPhotosResponse>(photosPath(category, carId), { method: 'PUT', body });
}
