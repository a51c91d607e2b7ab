import type { Multipart } from '@fastify/multipart';
import { PHOTOS_PER_CAR_MAX, PHOTO_ALT_FIELD, PHOTO_ALT_MAX, PHOTO_FILE_FIELD, PHOTO_FILE_MAX_BYTES } from '@usedcars/shared-contract';
import { HttpError, badRequest } from '../../http/errors';
import { READABLE, sniffImage } from './processing';
import { fileRefusal, tooManyPhotos } from './refusals';

/** The body of a photo upload: read to its end, then checked, all before any picture is decoded. */

// eslint-disable-next-line no-control-regex -- a file name's control characters are what it finds
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

// eslint-disable-next-line no-control-regex -- every control character, tabs and line breaks too, leaves a quoted name
const ANY_CONTROL_CHAR = /[\u0000-\u001F\u007F]/g;

/** The name a file was sent under, fit to quote in a message: no folders, no control characters. */
function displayName(filename: string | undefined, position: number): string {
  const base = (filename ?? '').split(/[\\/]/).pop()!.replace(ANY_CONTROL_CHAR, '').trim();
  if (!base) return `Photo ${position}`;
  return base.length > 100 ? `${base.slice(0, 97)}…` : base;
}

/** The alt text, or the refusal of it (kept until the body has been read). */
function altText(value: unknown, truncated: boolean): string | HttpError {
  const text = typeof value === 'string' ? value.trim() : '';
  if (truncated || text.length > PHOTO_ALT_MAX) return badRequest(`alt must be at most ${PHOTO_ALT_MAX} characters`);
  if (CONTROL_CHARS.test(text)) return badRequest('alt contains invalid characters');
  return text;
}

/** Reads a file no one needs to its end: the next part only arrives once this one has been read. */
async function skip(part: Multipart): Promise<void> {
  if (part.type !== 'file' || part.file.readableEnded || part.file.destroyed) return;
  for await (const _chunk of part.file);
}

/** What the request's parts held, read to their end: checked only once the whole body is in. */
interface Upload {
  /** The first file, whatever its field, with the name it was sent under; only its bytes are kept. */
  file?: { name: string; field: string; bytes: Buffer; truncated: boolean };
  files: number;
  alts: string[];
  unknownField?: string;
  altRefusal?: HttpError;
}

/**
 * Reads every part to its end, so the response is not sent while the browser is still sending
 * (it then reads the message rather than a reset connection). A body cut short is a 400.
 */
export async function readUpload(parts: AsyncIterableIterator<Multipart>): Promise<Upload> {
  const upload: Upload = { files: 0, alts: [] };
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== PHOTO_ALT_FIELD) upload.unknownField ??= part.fieldname;
        else if (!upload.altRefusal) {
          const alt = altText(part.value, part.valueTruncated);
          if (alt instanceof HttpError) upload.altRefusal = alt;
          else upload.alts.push(alt);
        }
        continue;
      }
      upload.files += 1;
      if (upload.files > 1) {
        await skip(part);
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      // Busboy stops storing past the size limit and marks the file truncated.
      upload.file = { name: displayName(part.filename, 1), field: part.fieldname, bytes: Buffer.concat(chunks), truncated: part.file.truncated };
    }
  } catch (error) {
    throw multipartError(error);
  }
  return upload;
}

/** Every refusal that needs no decoding, in the order a person would fix them; the file's content is judged by its first bytes. */
export function checkUpload(upload: Upload, existing: number): { name: string; bytes: Buffer; alt: string } {
  if (upload.unknownField) throw badRequest(`Unknown field: ${upload.unknownField}`);
  if (upload.altRefusal) throw upload.altRefusal;
  const { file } = upload;
  if (!file) throw badRequest(`Send one photo, in the field "${PHOTO_FILE_FIELD}"`);
  if (upload.files > 1) throw badRequest(`Send one photo per request; this one has ${upload.files} files`);
  if (upload.alts.length > 1) throw badRequest(`Send at most one "${PHOTO_ALT_FIELD}" text, for the photo`);
  const { name } = file;
  if (file.field !== PHOTO_FILE_FIELD) throw fileRefusal(name, 400, `was sent as "${file.field}"; send photos in the field "${PHOTO_FILE_FIELD}"`);
  if (file.truncated) throw fileRefusal(name, 413, `is larger than ${PHOTO_FILE_MAX_BYTES / 1024 / 1024} MB, the most a photo may be`);
  if (file.bytes.length === 0) throw fileRefusal(name, 400, 'is empty');
  if (!sniffImage(file.bytes)) throw fileRefusal(name, 415, READABLE);
  if (existing >= PHOTOS_PER_CAR_MAX) throw tooManyPhotos(name, existing);
  return { name, bytes: file.bytes, alt: upload.alts[0] ?? '' };
}

/** The multipart plugin's own refusals, in the same words as ours. */
function multipartError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return badRequest(`Send one photo per request, in the field "${PHOTO_FILE_FIELD}"`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return badRequest(`Send one photo in "${PHOTO_FILE_FIELD}" and at most one "${PHOTO_ALT_FIELD}"`);
  return badRequest('The upload was cut short or is not valid multipart/form-data; send it again');
}
