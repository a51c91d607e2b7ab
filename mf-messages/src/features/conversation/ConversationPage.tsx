import { useEffect, useId, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useQueryClient } from '@tanstack/react-query';
import { type Conversation, SITE_PATHS, carDetailPath } from '@usedcars/shared-contract';
import { markConversationRead } from '@usedcars/shared-api/messages';
import { BackLink, ErrorPanel, errorText, GhostButton, Spinner, theme, usePageTitle } from '@usedcars/shared-ui';
import { Screen } from '../../components/Screen';
import { useLiveMessages } from '../../hooks/useLiveMessages';
import { addToThread, messageKeys, threadMessages, useConversation, useThread } from '../../lib/messageQueries';
import { otherName, when } from '../../lib/words';
import { AdminActions } from './AdminActions';
import { ReplyBox } from './ReplyBox';
import { SafetyActions } from './SafetyActions';

/** /messages/:conversationId (docs/product.md, "Messages"): the thread, live, and a reply box. */
export default function ConversationPage() {
  const { conversationId: id = '' } = useParams();
  const conversation = useConversation(id);
  usePageTitle(conversation.data ? `Messages - ${conversation.data.carName}` : 'Messages');
  const titleId = useId();

  return (
    <Screen aria-labelledby={titleId}>
      <BackLink to={SITE_PATHS.messages}>← All messages</BackLink>
      {conversation.data ? (
        <Thread conversation={conversation.data} titleId={titleId} />
      ) : conversation.isError ? (
        <>
          <h1 id={titleId}>Conversation</h1>
          <ErrorPanel
            title="We could not load this conversation."
            message={errorText(conversation.error)}
            retrying={conversation.isFetching}
            onRetry={() => void conversation.refetch()}
          />
        </>
      ) : (
        <>
          <h1 id={titleId}>Conversation</h1>
          <Spinner label="Loading the conversation…" />
        </>
      )}
    </Screen>
  );
}

function Thread({ conversation, titleId }: { conversation: Conversation; titleId: string }) {
  const id = conversation._id;
  const queryClient = useQueryClient();
  const thread = useThread(id);
  const messages = threadMessages(thread.data);
  const newest = messages.at(-1);
  const writes = conversation.side !== null;

  useLiveMessages({
    message: (message) => {
      if (message.conversationId === id) addToThread(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: messageKeys.list });
    },
  });

  // What the viewer sees here is read: on opening, and as the other person's messages arrive.
  const readUpTo = useRef(0);
  useEffect(() => {
    if (!writes || !newest || newest.seq <= readUpTo.current) return;
    readUpTo.current = newest.seq;
    markConversationRead(id)
      .then(() => {
        queryClient.setQueryData<Conversation>(messageKeys.conversation(id), (old) => (old ? { ...old, unread: 0 } : old));
        return queryClient.invalidateQueries({ queryKey: messageKeys.list });
      })
      // Left unread, it is marked on the next message or visit.
      .catch(() => undefined);
  }, [id, newest, writes, queryClient]);

  return (
    <>
      <Heading>
        <h1 id={titleId} dir="auto">
          {conversation.carName}
        </h1>
        <p>
          {conversation.side === 'buyer' ? 'Seller' : 'Buyer'}: <span dir="auto">{otherName(conversation)}</span>
          {conversation.carId ? (
            <>
              {' · '}
              <Link to={carDetailPath(conversation.categoryName, conversation.carId)}>See the car</Link>
            </>
          ) : null}
        </p>
      </Heading>
      {thread.hasNextPage ? (
        <GhostButton type="button" onClick={() => void thread.fetchNextPage()} aria-disabled={thread.isFetchingNextPage}>
          {thread.isFetchingNextPage ? 'Loading older messages…' : 'Show older messages'}
        </GhostButton>
      ) : null}
      {thread.isError && !thread.data ? (
        <ErrorPanel
          title="We could not load the messages."
          message={errorText(thread.error)}
          retrying={thread.isFetching}
          onRetry={() => void thread.refetch()}
        />
      ) : !thread.data ? (
        <Spinner label="Loading the messages…" />
      ) : (
        <Messages aria-label="Messages" aria-live="polite" aria-relevant="additions">
          {messages.map((message) => (
            <Bubble key={message._id} data-mine={message.from === conversation.side}>
              <span>{message.from === conversation.side ? 'You' : otherName(conversation)}</span>
              <p dir="auto">{message.text}</p>
              <time dateTime={message.createdAt}>{when(message.createdAt)}</time>
            </Bubble>
          ))}
        </Messages>
      )}
      {writes ? (
        <>
          <ReplyBox conversation={conversation} />
          <SafetyActions conversation={conversation} />
        </>
      ) : (
        <AdminActions conversation={conversation} />
      )}
    </>
  );
}

const Heading = styled.div`
  h1 {
    margin: 0;
    overflow-wrap: anywhere;
  }
  p {
    margin: 4px 0 16px;
    color: ${theme.color.muted};
  }
`;

const Messages = styled.ol`
  display: flex;
  flex-direction: column;
  gap: 10px;
  margin: 16px 0;
  padding: 0;
  list-style: none;
`;

const Bubble = styled.li`
  max-width: 85%;
  padding: 10px 14px;
  border-radius: ${theme.radius};
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  align-self: flex-start;
  &[data-mine='true'] {
    align-self: flex-end;
    background: ${theme.color.canvas};
  }
  span,
  time {
    color: ${theme.color.muted};
    font-size: 13px;
  }
  p {
    margin: 4px 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;
