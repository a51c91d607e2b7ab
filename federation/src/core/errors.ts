/**
 * A remote (its code in the page, its server build, its loaders) that cannot be had now: the page
 * shows the remote's fallback, the render server leaves the page to the browser.
 */
export class RemoteUnavailable extends Error {
  constructor(
    readonly remote: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${remote}: ${message}`, options);
    this.name = 'RemoteUnavailable';
  }
}

/** The reason an error carries, for one log line. */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}
