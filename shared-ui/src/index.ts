/**
 * shared-ui's public entry: only what another package imports. It is shared by version (not as a
 * singleton: it holds no page state; docs/sharing-and-releases.md), and all of it ships to every
 * page whether used or not; an export nobody imports is bytes and API to keep for nothing.
 * Within a major version it only grows: a change that removes or changes an export is a new major.
 */
export { theme } from './theme';
export { Spinner, VisuallyHidden } from './Spinner';
export { Button, CloseButton, GhostButton, buttonStyles } from './Button';
export { usePageTitle, usePriorityImage } from './serverHead';
export { useHydrated } from './useHydrated';
export { RemoteComponent } from './federation';
export { isRefusal } from './isRefusal';
export { errorText } from './errorText';
export { GlobalStyle } from './GlobalStyle';
export { Container } from './Container';
export { focusRing } from './focusRing';
export { ButtonLink } from './ButtonLink';
export { BackLink } from './BackLink';
export { formatPrice } from './formatPrice';
export { ErrorPanel } from './ErrorPanel';
export { StatusBadge } from './StatusBadge';
export { Pill } from './Pill';
export { PriceDrop } from './PriceDrop';
