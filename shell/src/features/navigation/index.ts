// Moving between screens without reloading the document (docs/architecture.md, "Moving between screens").
export { PageRouter } from './PageRouter';
export { useMoveEffects } from './useMoveEffects';
export { NavigationProgress } from './NavigationProgress';
export { installPrefetchOnIntent, prefetchWhenIdle } from './prefetchOnIntent';
export { ScreenSlots } from './ScreenSlots';
export { prerenderAddress } from './prerender';
