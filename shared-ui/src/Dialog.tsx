import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import styled, { keyframes } from 'styled-components';
// The entry, not './Button': it is the copy the page shares (docs/architecture.md, "Decisions worth knowing").
import { CloseButton, theme } from '@usedcars/shared-ui';

export interface DialogProps {
  title: string;
  /** Open until its owner stops rendering it, so the owner may refuse. */
  onClose: () => void;
  children: ReactNode;
  initialFocus?: RefObject<HTMLElement | null>;
  closeLabel?: string;
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

/** Open while it is rendered (docs/product.md, "Every dialog"). */
export function Dialog({ title, onClose, children, initialFocus, closeLabel = 'Close', size = 'form' }: DialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // The effect runs once per opening but must call the owner's latest onClose.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlockScroll = lockPageScroll();

    // Cancelled, so the owner decides by rendering the dialog or not.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // The browser's guard closes it anyway on a second Escape: shown again, and the owner is asked.
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

  // The page behind is inert, so Tab past the last control would leave for the address bar.
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

/** The scrollbar's gutter stays, so the page does not shift sideways. */
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
