import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { IconButton } from './IconButton';
import { MarkAllRead } from './MarkAllRead';
import { countBadge } from './navbarStyles';
import { fetchNotifications, markNotificationsRead } from '@usedcars/shared-api/alerts';
import { SITE_PATHS, carDetailPath, lazily, type Notification } from '@usedcars/shared-contract';
import { errorText, focusRing, GhostButton, theme } from '@usedcars/shared-ui';

/** How often the unread count is asked for while the page is shown; a focus asks at once. */
const BELL_POLL_MS = 60_000;
const PHONE = '@media (max-width: 768px)';
const day = lazily(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }));

/** The unread count, read on mount, every minute while the tab is shown, and whenever the window regains focus. */
function useUnreadCount() {
  const [unread, setUnread] = useState(0);
  const refresh = useCallback(() => {
    fetchNotifications({ limit: 1 })
      .then((page) => setUnread(page.unread))
      // A missed count is retried by the next poll; the bell keeps what it showed.
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    refresh();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, BELL_POLL_MS);
    window.addEventListener('focus', refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
    };
  }, [refresh]);
  return [unread, setUnread, refresh] as const;
}

type List = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; items: Notification[] };

/**
 * The navbar's bell (docs/product.md, "The bell"): the unread count, and a list opened under
 * it. Opening the list marks what it shows read; each notification about a car links to its page.
 */
export default function NotificationBell({ messagesUnread = 0 }: { messagesUnread?: number }) {
  const [unread, setUnread, refreshCount] = useUnreadCount();
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<List>({ state: 'loading' });
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  const load = useCallback(async () => {
    setList({ state: 'loading' });
    try {
      const page = await fetchNotifications({ limit: 20 });
      setList({ state: 'ready', items: page.items });
      setUnread(page.unread);
      const unreadIds = page.items.filter((item) => !item.read).map((item) => item._id);
      if (unreadIds.length > 0) setUnread((await markNotificationsRead(unreadIds)).unread);
    } catch (error) {
      setList({ state: 'failed', message: errorText(error) });
    }
  }, [setUnread]);

  useEffect(() => {
    if (!open) return;
    void load();
    const closeOutside = (event: MouseEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open, load]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };

  // The name says the count the bell shows, so the words on it can be spoken to press it.
  const shown = unread + messagesUnread;
  const countText = shown > 99 ? '99+' : String(shown);
  return (
    <Wrap ref={wrap} onKeyDown={closeOnEscape}>
      <Bell
        ref={button}
        type="button"
        aria-label={`Notifications, ${countText} unread`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (open) refreshCount();
          setOpen(!open);
        }}
      >
        <BellIcon />
        {shown > 0 ? <Count aria-hidden="true">{countText}</Count> : null}
      </Bell>
      {open ? (
        <Panel id={panelId} role="region" aria-label="Notifications">
          <h2>Notifications</h2>
          {messagesUnread > 0 ? (
            <MessagesLine>
              <Link to={SITE_PATHS.messages}>{messagesUnread === 1 ? '1 unread message' : `${messagesUnread} unread messages`}</Link>
            </MessagesLine>
          ) : null}
          <PanelBody list={list} onRetry={() => void load()} />
          {list.state === 'ready' && unread > 0 ? <MarkAllRead unread={unread} onMarked={setUnread} /> : null}
        </Panel>
      ) : null}
    </Wrap>
  );
}

function PanelBody({ list, onRetry }: { list: List; onRetry: () => void }) {
  if (list.state === 'loading') return <p role="status">Loading notifications…</p>;
  if (list.state === 'failed') {
    return (
      <div role="alert">
        <p>We could not load your notifications. {list.message}</p>
        <GhostButton type="button" onClick={onRetry}>
          Retry
        </GhostButton>
      </div>
    );
  }
  if (list.items.length === 0) return <p>No notifications yet. Save a search or a car to be told when a car matches or gets cheaper.</p>;
  return (
    <Items>
      {list.items.map((item) => (
        <li key={item._id} data-unread={!item.read}>
          {item.carId && item.categoryName ? <Link to={carDetailPath(item.categoryName, item.carId)}>{item.text}</Link> : <span>{item.text}</span>}
          <small>
            {item.read ? '' : 'New · '}
            <time dateTime={item.createdAt}>{day().format(new Date(item.createdAt))}</time>
          </small>
        </li>
      ))}
    </Items>
  );
}

function BellIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2zM10 20a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/* On a phone the list spans the bar's width (the header is its containing block), beside the bell elsewhere. */
const Wrap = styled.div`
  position: relative;
  ${PHONE} {
    position: static;
  }
`;

const Bell = styled(IconButton)`
  position: relative;
`;

const Count = styled.span`
  position: absolute;
  top: -6px;
  right: -6px;
  ${countBadge};
`;

const Panel = styled.div`
  position: absolute;
  top: calc(100% + 8px);
  right: 0;
  z-index: 25;
  width: min(380px, calc(100vw - 32px));
  max-height: min(480px, 70vh);
  overflow-y: auto;
  padding: 16px;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  h2 {
    margin: 0 0 8px;
    font-size: 18px;
  }
  p {
    margin: 0 0 8px;
    color: ${theme.color.muted};
  }
  ${PHONE} {
    top: 100%;
    right: 16px;
    left: 16px;
    width: auto;
  }
`;

const MessagesLine = styled.p`
  a {
    color: ${theme.color.ink};
    font-weight: 700;
    ${focusRing};
  }
`;

const Items = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    gap: 2px;
    padding: 10px 8px;
    border-top: 1px solid ${theme.color.line};
    overflow-wrap: anywhere;
  }
  li[data-unread='true'] {
    background: ${theme.color.canvas};
  }
  a {
    color: ${theme.color.ink};
    font-weight: 600;
    ${focusRing};
  }
  small {
    color: ${theme.color.muted};
  }
`;
