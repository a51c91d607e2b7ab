import { createContext } from 'react';
import type { ModuleId } from '@usedcars/shared-contract';
import type { ScreenModule } from './loadScreenModule';

/**
 * The screen modules one server render loaded, each from the build its visitor's release set names
 * (docs/architecture.md, "Two builds of one remote"): a remote's area renders the module given here
 * instead of asking the page's federation runtime. In the browser there is none.
 */
export const ServerScreensContext = createContext<ReadonlyMap<ModuleId, ScreenModule<ModuleId>> | null>(null);
