/**
 * Module ids as the page's federation code reads them, in a module of their own: the page's entry
 * needs these few lines, not the screen registry they serve (docs/architecture.md, "The screen registry").
 */
import { parseModuleId } from './moduleId';
import type { ModuleId } from './screens';

/** The remote a module id (`catalog/CarDetailPage`) belongs to, typed from the id. */
export function remoteOf<Id extends string>(id: Id): Id extends `${infer Remote}/${string}` ? Remote : never {
  return parseModuleId(id as unknown as ModuleId).remote as Id extends `${infer Remote}/${string}` ? Remote : never;
}

/**
 * Beside its screens, every remote exposes its screens' loaders in one module (`catalog/loaders`):
 * the render server and the page's moves both run them from the remote's own build.
 */
export const LOADERS_MODULE = 'loaders';

/** The exposed module holding a remote's loaders. */
export function loadersOf<Remote extends string>(remote: Remote): `${Remote}/${typeof LOADERS_MODULE}` {
  return `${remote}/${LOADERS_MODULE}`;
}
