import { RELEASE_PIN_COOKIE } from '@usedcars/shared-contract/releaseAddress';

/** The pin lives in a first-party cookie the render server reads (docs/releases.md, "Pin"); one pin per browser. */
export function storedPin(): string | null {
  if (typeof document === 'undefined') return null;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${RELEASE_PIN_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(RELEASE_PIN_COOKIE.length + 1)) : null;
}

const secure = () => (location.protocol === 'https:' ? '; Secure' : '');

export function keepPin(pin: string, expiresAt: string): void {
  document.cookie = `${RELEASE_PIN_COOKIE}=${encodeURIComponent(pin)}; Path=/; Expires=${new Date(expiresAt).toUTCString()}; SameSite=Lax${secure()}`;
}

export function forgetPin(): void {
  document.cookie = `${RELEASE_PIN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure()}`;
}
