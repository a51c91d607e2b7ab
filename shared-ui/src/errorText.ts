/** An Error's message (an ApiError's is the server's), or a string, for people to read. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' && error ? error : 'Unknown error';
}
