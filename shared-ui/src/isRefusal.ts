/**
 * A refusal: the server responded with 4xx (not found, not allowed, sold), and would do the same
 * every time, so neither an automatic retry nor a Try again button is any use. (Duck-typed on
 * `status`: shared-api's ApiError carries it, and shared-ui imports nothing of shared-api.)
 */
export function isRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
