import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';

/** The phone menu of the top bar: open or closed, closed again by Escape and by navigating. */
export function useMenu() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // A phone menu left open after navigating would cover the new page.
  useEffect(() => setOpen(false), [pathname]);

  const close = () => setOpen(false);
  const toggle = () => setOpen((isOpen) => !isOpen);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      menuButton.current?.focus();
    }
  };

  return { open, menuId, menuButton, close, toggle, closeOnEscape };
}
