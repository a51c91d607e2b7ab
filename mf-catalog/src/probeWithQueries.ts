import { useQueryClient } from '@tanstack/react-query';
import { singletonProbe } from '@usedcars/shared-ui';
import { catalogSingletons } from './probe';

/**
 * For the screens that read the API: they also record the QueryClient they were handed. (Its
 * own module, so the fixed-content screens' probe does not load react-query.)
 */
export const withProbe = singletonProbe('catalog', { ...catalogSingletons, useQueryClient });
