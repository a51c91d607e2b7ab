import { PHOTOS_PER_CAR_MAX } from '@usedcars/shared-contract';
import { HttpError } from '../../http/errors';

/** A refusal about one file: the message starts with its name, and `file` carries it for the page. */
export function fileRefusal(name: string, status: number, text: string): HttpError {
  return new HttpError(status, `${name} ${text}`, { file: name });
}

/** The upload's file that would be the car's 13th photo; the message says how many still fit. */
export function tooManyPhotos(name: string, existing: number): HttpError {
  const room = Math.max(0, PHOTOS_PER_CAR_MAX - existing);
  const has = existing === 0 ? '' : ` This car has ${existing}, so ${room === 0 ? 'none can be added before one is deleted' : `${room} more can be added`}.`;
  return new HttpError(409, `${name} would be photo ${PHOTOS_PER_CAR_MAX + 1} of this car; a car has at most ${PHOTOS_PER_CAR_MAX} photos.${has}`, {
    file: name,
  });
}
