import { useEffect } from 'react';
import { followMessages } from '@usedcars/shared-api/messages';

/**
 * Follows the signed-in person's message stream for the navbar's unread count (docs/product.md,
 * "Messages"). Its own chunk: a visitor's page never fetches it. Renders nothing.
 */
export default function UnreadMessages({ onUnread }: { onUnread: (unread: number) => void }) {
  useEffect(() => {
    const controller = new AbortController();
    void followMessages({ unread: ({ unread }) => onUnread(unread) }, controller.signal);
    return () => {
      controller.abort();
      onUnread(0);
    };
  }, [onUnread]);
  return null;
}
