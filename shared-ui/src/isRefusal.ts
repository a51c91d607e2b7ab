/**
 * A refusal: the server answered 4xx (not found, not allowed, sold), and would answer the same
 * every time, so neither an automatic retry nor a Try again button is any use. (Duck-typed on
 * `status`: shared-auth's ApiError carries it, and shared-ui sits below shared-auth.)
 */
export function isRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
