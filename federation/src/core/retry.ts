export interface Retryable<T> {
  get(): Promise<T>;
  forget(): void;
}

/** Keeps a promise while it is pending or fulfilled; a rejected one is forgotten, so the next call tries again. */
export function retryable<T>(load: () => Promise<T>): Retryable<T> {
  let kept: Promise<T> | undefined;
  return {
    get() {
      kept ??= load().catch((error: unknown) => {
        kept = undefined;
        throw error;
      });
      return kept;
    },
    forget() {
      kept = undefined;
    },
  };
}
