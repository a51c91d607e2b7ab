export { theme } from './theme';
export { Spinner, VisuallyHidden } from './Spinner';
export { Button, CloseButton, GhostButton, buttonStyles } from './Button';
export { usePageTitle } from './usePageTitle';
export {
  RemoteComponent,
  RemoteFallback,
  RemoteUnavailableError,
  isRemoteUnavailable,
  loadRemoteModule,
  resetRemote,
  setRemoteRegistry,
} from './federation';
export { createQueryClient, retryUnlessRefused, queryRetryDelay, AppToaster, TOAST_DURATIONS, QUERY_RETRIES, QUERY_CACHE_MS } from './appSettings';
export { GlobalStyle } from './GlobalStyle';
export { recordSingletons, singletonProbe } from './singletonProbe';
export { Container } from './Container';
export { focusRing } from './focusRing';
export { ButtonLink } from './ButtonLink';
export { formatPrice } from './formatPrice';
export { ErrorPanel, type ErrorPanelProps } from './ErrorPanel';
export { StatusBadge, type BadgeStatus } from './StatusBadge';
