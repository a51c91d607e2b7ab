import { lazily, type Conversation } from '@usedcars/shared-contract';

// In UTC: the server renders it and the page hydrates it, wherever each one is.
const dateTime = lazily(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }));

/** The other person in the conversation, by name only. */
export function otherName(conversation: Conversation): string {
  return conversation.side === 'buyer' ? conversation.sellerName : conversation.buyerName;
}

/** When something was written, as the inbox and the thread show it. */
export function when(iso: string): string {
  return `${dateTime().format(new Date(iso))} UTC`;
}
