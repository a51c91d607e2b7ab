import { ClaimsSigner, hasClaims } from './signedClaims';

export interface PinClaims {
  remote: string;
  version: string;
  /** Seconds since the epoch. */
  exp: number;
}

const isPinClaims = (value: unknown): value is PinClaims => hasClaims(value, ['remote', 'version']);

/** Render servers check a pin without asking anyone (docs/releases.md, "Pin: an admin tries a release first"). */
export class PinSigner extends ClaimsSigner<PinClaims> {
  constructor(secret: string) {
    super('release-pin', secret, isPinClaims);
  }
}
