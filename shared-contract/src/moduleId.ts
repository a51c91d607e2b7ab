import type { ModuleId, RemoteName } from './screens';

export interface ParsedModuleId {
  remote: RemoteName;
  /** The module's name in its remote: its webpack `exposes` key without the `./`. */
  module: string;
}

/** 'catalog/CarDetailPage' → { remote: 'catalog', module: 'CarDetailPage' }. */
export function parseModuleId(id: ModuleId): ParsedModuleId {
  const slash = id.indexOf('/');
  return { remote: id.slice(0, slash) as RemoteName, module: id.slice(slash + 1) };
}
