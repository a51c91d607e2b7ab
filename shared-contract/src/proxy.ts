export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Read alike by the API and the render server (docs/operate-scale-out.md). */
export function trustProxyFromEnv(value: string | undefined): boolean | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Fastify's types leave hop counts out. */
export function fastifyTrustProxy(setting: boolean | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
