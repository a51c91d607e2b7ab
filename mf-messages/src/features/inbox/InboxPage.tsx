import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useQueryClient } from '@tanstack/react-query';
import { type Conversation, SITE_PATHS } from '@usedcars/shared-contract';
import { ErrorPanel, errorText, focusRing, Spinner, theme, usePageTitle } from '@usedcars/shared-ui';
import { Screen } from '../../components/Screen';
import { useLiveMessages } from '../../hooks/useLiveMessages';
import { messageKeys, useConversations } from '../../lib/messageQueries';
import { otherName, when } from '../../lib/words';

/** /messages (docs/product.md, "Messages"): the viewer's conversations, newest first, with their unread marks. */
export default function InboxPage() {
  usePageTitle('Messages');
  const titleId = useId();
  const queryClient = useQueryClient();
  const query = useConversations();
  useLiveMessages({ message: () => void queryClient.invalidateQueries({ queryKey: messageKeys.list }) });

  return (
    <Screen aria-labelledby={titleId}>
      <h1 id={titleId}>Messages</h1>
      {query.data ? (
        query.data.items.length === 0 ? (
          <Empty>
            No conversations yet. A buyer asks a seller with <strong>Ask the seller</strong> on a car&apos;s page; the seller replies here.
          </Empty>
        ) : (
          <List>
            {query.data.items.map((conversation) => (
              <Row key={conversation._id} conversation={conversation} />
            ))}
          </List>
        )
      ) : query.isError ? (
        <ErrorPanel
          title="We could not load your messages."
          message={errorText(query.error)}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Spinner label="Loading your messages…" />
      )}
    </Screen>
  );
}

function Row({ conversation }: { conversation: Conversation }) {
  const last = conversation.lastMessage;
  const unread = conversation.unread;
  return (
    <Item data-unread={unread > 0}>
      <Link to={SITE_PATHS.conversation(conversation._id)}>
        <Top>
          <strong dir="auto">{conversation.carName}</strong>
          {unread > 0 ? <Unread>{unread} unread</Unread> : null}
        </Top>
        <span>
          {conversation.side === 'buyer' ? 'Seller' : 'Buyer'}: <span dir="auto">{otherName(conversation)}</span>
        </span>
        {last ? (
          <Excerpt dir="auto">
            {last.from === conversation.side ? 'You: ' : ''}
            {last.text}
          </Excerpt>
        ) : null}
        <time dateTime={conversation.updatedAt}>{when(conversation.updatedAt)}</time>
      </Link>
    </Item>
  );
}

const Empty = styled.p`
  color: ${theme.color.muted};
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  border-top: 1px solid ${theme.color.line};
`;

const Item = styled.li`
  border-bottom: 1px solid ${theme.color.line};
  a {
    display: grid;
    gap: 4px;
    padding: 14px 12px;
    color: ${theme.color.ink};
    text-decoration: none;
    ${focusRing};
  }
  a:hover {
    background: ${theme.color.canvas};
  }
  &[data-unread='true'] a {
    background: ${theme.color.canvas};
    font-weight: 600;
  }
  time {
    color: ${theme.color.muted};
    font-size: 14px;
    font-weight: 400;
  }
`;

const Top = styled.span`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 8px;
  strong {
    overflow-wrap: anywhere;
  }
`;

const Unread = styled.span`
  padding: 0 8px;
  border-radius: 10px;
  background: ${theme.color.brand};
  color: #fff;
  font-size: 13px;
  line-height: 22px;
`;

const Excerpt = styled.span`
  overflow: hidden;
  color: ${theme.color.muted};
  font-weight: 400;
  text-overflow: ellipsis;
  white-space: nowrap;
`;
