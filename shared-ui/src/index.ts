/**
 * shared-ui's public entry: only what another package imports. It is shared as a federation
 * singleton, so all of it ships to every page whether used or not; an export nobody imports is
 * bytes and API to keep for nothing.
 */
export { theme } from './theme';
export { Spinner, VisuallyHidden } from './Spinner';
export { Button, CloseButton, GhostButton, buttonStyles } from './Button';
export { usePageTitle, usePriorityImage, ServerHeadContext, type ServerHead, type PreloadImage } from './serverHead';
export { RemoteComponent, keepServerMarkupOf, releaseServerMarkup, loadScreenModule, setRemoteRegistry, type ScreenModule, type PrefetchContext } from './federation';
export { isRefusal } from './isRefusal';
export { GlobalStyle } from './GlobalStyle';
export { recordSingletons, singletonProbe } from './singletonProbe';
export { Container } from './Container';
export { focusRing } from './focusRing';
export { ButtonLink } from './ButtonLink';
export { formatPrice } from './formatPrice';
export { ErrorPanel } from './ErrorPanel';
export { StatusBadge } from './StatusBadge';
