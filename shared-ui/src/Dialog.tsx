import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import styled, { keyframes } from 'styled-components';
// The package's shared entry, not './Button' and './theme': the page already holds it, so a
// bundle that imports this module does not carry a second copy of the buttons and the theme.
import { CloseButton, theme } from '@usedcars/shared-ui';

export interface DialogProps {
  /** The dialog's heading, which names it for screen readers. */
  title: string;
  /**
   * The person asked to close it: Escape (or any other close request the browser makes) or the
   * × button. The dialog stays open until its owner stops rendering it, so the owner may refuse
   * (while a request it started is running, for example).
   */
  onClose: () => void;
  children: ReactNode;
  /** What takes the focus when it opens; without it, the browser's choice (the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The × button's accessible name. */
  closeLabel?: string;
  /** `full`: the whole screen, less a margin (a photo viewed large); otherwise a form's width. */
  size?: 'form' | 'full';
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * A modal dialog, open while it is rendered: a native <dialog> shown with showModal(), so the
 * page behind is inert and out of the accessibility tree, the dialog sits in the top layer
 * whatever its parent's stacking, and Escape becomes a `cancel` event the owner answers.
 * Beyond the native behaviour: Tab wraps inside it instead of leaving for the browser's own
 * controls, the page behind does not scroll, and focus goes back to whatever had it before.
 */
export function Dialog({ title, onClose, children, initialFocus, closeLabel = 'Close', size = 'form' }: DialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // The effect below runs once per opening; it must call the owner's latest onClose, which
  // may change from render to render (with what the owner is busy doing).
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlockScroll = lockPageScroll();

    // The browser closes the dialog itself unless its close request is cancelled; cancelled,
    // the owner decides by rendering the dialog or not.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // A close request the page was not allowed to cancel (the browser's guard against a page
    // that never lets go: a second Escape with no click in between) closes the dialog anyway.
    // It is the owner's to close: shown again, and the owner is asked.
    const onForcedClose = () => {
      dialog.showModal();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onForcedClose);
    dialog.showModal();
    initialFocus?.current?.focus();

    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onForcedClose);
      dialog.close();
      unlockScroll();
      if (opener?.isConnected) opener.focus();
    };
    // Once per opening: the opener and the first focus belong to the moment it opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- initialFocus is read at opening only, on purpose
  }, []);

  // The page behind is inert, so Tab past the last control would leave for the browser's
  // address bar; it comes back round to the first instead, and Shift+Tab the other way.
  const wrapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    // aria-modal repeats what showModal() tells browsers, for screen readers that read only the attribute.
    <Frame ref={dialogRef} aria-labelledby={titleId} aria-modal="true" onKeyDown={wrapTab} $full={size === 'full'}>
      <Header>
        <h2 id={titleId}>{title}</h2>
        <Close type="button" aria-label={closeLabel} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </Close>
      </Header>
      <Body>{children}</Body>
    </Frame>
  );
}

/**
 * Stops the page behind from scrolling (a wheel or a finger over the backdrop would move it).
 * Where the page had a scrollbar its gutter stays, so the page does not shift sideways.
 * Returns what puts the page back as it was.
 */
function lockPageScroll(): () => void {
  const root = document.documentElement;
  const overflow = root.style.overflow;
  const gutter = root.style.getPropertyValue('scrollbar-gutter');
  const hadScrollbar = window.innerWidth > root.clientWidth;
  root.style.overflow = 'hidden';
  if (hadScrollbar) root.style.setProperty('scrollbar-gutter', 'stable');
  return () => {
    root.style.overflow = overflow;
    if (gutter) root.style.setProperty('scrollbar-gutter', gutter);
    else root.style.removeProperty('scrollbar-gutter');
  };
}

const rise = keyframes`
  from {
    opacity: 0;
    transform: translateY(16px);
  }
`;

const fadeIn = keyframes`
  from {
    opacity: 0;
  }
`;

/* 12 px of page show on each side of a phone's screen (320 px and up); nothing inside may push
   the dialog wider, and a dialog taller than the screen scrolls inside itself. */
const Frame = styled.dialog<{ $full: boolean }>`
  box-sizing: border-box;
  width: ${({ $full }) => ($full ? 'calc(100vw - 24px)' : 'min(480px, calc(100vw - 24px))')};
  max-width: calc(100vw - 24px);
  max-height: calc(100vh - 24px);
  max-height: calc(100dvh - 24px);
  margin: auto;
  padding: 0;
  border: 0;
  border-radius: ${theme.radius};
  box-shadow: 0 20px 60px rgba(16, 24, 40, 0.3);
  color: ${theme.color.ink};
  background: ${theme.color.surface};
  overflow: auto;
  overscroll-behavior: contain;
  &::backdrop {
    background: rgba(16, 24, 40, 0.55);
  }
  @media (prefers-reduced-motion: no-preference) {
    &[open] {
      animation: ${rise} 180ms ease-out;
    }
    &[open]::backdrop {
      animation: ${fadeIn} 180ms ease-out;
    }
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 18px 20px 0;
  h2 {
    min-width: 0;
    margin: 0;
    font-size: 22px;
    overflow-wrap: anywhere;
  }
`;

const Close = styled(CloseButton)`
  color: ${theme.color.muted};
`;

const Body = styled.div`
  padding: 16px 20px 20px;
`;
