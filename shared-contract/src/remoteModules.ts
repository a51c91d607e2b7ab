// Apart from screens.ts: the page's entry needs these few lines, not the registry.
import { parseModuleId, type ModuleId } from './moduleId';

export function remoteOf<Id extends string>(id: Id): Id extends `${infer Remote}/${string}` ? Remote : never {
  return parseModuleId(id as unknown as ModuleId).remote as Id extends `${infer Remote}/${string}` ? Remote : never;
}

/** The render server and the page's navigations both run loaders from the remote's own build. */
export const LOADERS_MODULE = 'loaders';

export function loadersOf<Remote extends string>(remote: Remote): `${Remote}/${typeof LOADERS_MODULE}` {
  return `${remote}/${LOADERS_MODULE}`;
}
