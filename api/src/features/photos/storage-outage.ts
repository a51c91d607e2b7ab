import { S3ServiceException } from '@aws-sdk/client-s3';
import { HttpError } from '../../http/errors';

/**
 * The object store is down, cut off or overloaded (a network error, a timeout, its own 5xx), as
 * opposed to refusing one request: a 503 the person can act on; the cause is logged.
 */
export class StorageUnavailableError extends HttpError {
  constructor(
    readonly label: string,
    writing: boolean,
    cause: unknown,
  ) {
    const outcome = writing ? ', so nothing was saved' : '';
    super(503, `The ${label} storage cannot be reached right now${outcome}; try again in a minute`, {}, { 'retry-after': '60' });
    this.cause = cause;
  }
}

/** A read that an upload needed failed: the person is told, as for the write, that nothing was saved. */
export function asUploadFailure(error: unknown): never {
  throw error instanceof StorageUnavailableError ? new StorageUnavailableError(error.label, true, error.cause) : error;
}

/** Node's codes for a connection that could not be made or was lost. */
const NETWORK_ERROR = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/;

/** A network failure, a timeout, or the store's own 5xx: nothing this request did wrong. */
export function isOutage(error: unknown): boolean {
  if (error instanceof S3ServiceException) return (error.$metadata.httpStatusCode ?? 0) >= 500;
  const { code, name, message } = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown };
  if (name === 'TimeoutError' || NETWORK_ERROR.test(String(code))) return true;
  // The SDK's retry keeps an error that is not an Error of its own realm only as text.
  return String(message)
    .split(/[\s:]+/)
    .some((word) => NETWORK_ERROR.test(word));
}
