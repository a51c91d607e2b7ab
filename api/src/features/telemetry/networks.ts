import { createHmac, hkdfSync } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The visitor network an address belongs to (docs/releases.md, "What is trusted and why"): an
 * IPv4 address, or the /64 of an IPv6 address (what one subscriber or machine is given), so a
 * device that changes its IPv6 address every hour is still one network.
 */
export function networkOf(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return null;
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back] : front;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Names networks by a keyed hash: the database keeps no visitor's address, and every API instance
 * (same TELEMETRY_TOKEN) names a network alike, so networks can be counted across copies.
 */
export class NetworkNames {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'usedcars', 'telemetry network v1', 32));
  }

  nameOf(address: string): string | null {
    const network = networkOf(address);
    return network ? createHmac('sha256', this.key).update(network).digest('base64url').slice(0, 16) : null;
  }
}
