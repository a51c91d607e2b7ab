// Navigation between screens without reloading the document (docs/architecture.md, "Navigation between screens").
export { PageRouter } from './PageRouter';
export { useNavigationEffects } from './useNavigationEffects';
export { NavigationProgress } from './NavigationProgress';
export { installPrefetchOnIntent, prefetchWhenIdle } from './prefetchOnIntent';
export { ScreenSlots } from './ScreenSlots';
export { NavigationStoresContext, createNavigationStores } from './navigationStores';
export type { Prerender } from './prerender';
