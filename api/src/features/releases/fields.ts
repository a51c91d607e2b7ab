import { z } from 'zod';
import { TOPOLOGY } from '@usedcars/shared-contract/topology';

/** The remotes the site's topology names: the only ones with releases. */
export const REMOTE_NAMES = Object.keys(TOPOLOGY.remotes) as [string, ...string[]];
export const remoteField = z.enum(REMOTE_NAMES, { error: `remote must be one of ${REMOTE_NAMES.join(', ')}` });
