import { useEffect, useRef } from 'react';
import { type MessageStreamListener, followMessages } from '@usedcars/shared-api/messages';

/** Follows the viewer's message stream while the screen is shown (docs/api.md, "Messages"). */
export function useLiveMessages(listener: MessageStreamListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const controller = new AbortController();
    void followMessages(
      {
        message: (message) => latest.current.message?.(message),
        unread: (unread) => latest.current.unread?.(unread),
      },
      controller.signal,
    );
    return () => controller.abort();
  }, []);
}
