/** Sent on every response to a request that came over HTTPS (browsers ignore it over plain HTTP): a year, subdomains included. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * TRUST_PROXY, read the same way by the API and the render server (docs/operate-scale-out.md):
 * unset or "false" for a server clients reach directly (X-Forwarded-For and X-Forwarded-Proto are
 * then ignored, since anyone can send them); a hop count or the proxies' addresses (CIDR,
 * comma-separated, or "loopback") behind a load balancer; "true" trusts every hop, which is only
 * safe where nothing but the proxy can reach the server. The answer is Fastify's trustProxy.
 */
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

/** The setting as Fastify's trustProxy takes it: its types leave hop counts out, so the nearest `hops` hops are proxies. */
export function fastifyTrustProxy(setting: boolean | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
