import { useState } from 'react';
import { INBOX_MESSAGES } from '@agentcast/contracts/inbox-constants';
import { platformName } from '@agentcast/contracts/publishing-constants';
import { Notice } from '../../../components/ui/notice.tsx';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { useTimedNotice } from '../../../lib/ui/use-timed-notice.ts';
import { useInbox, type InboxFilters as Filters } from '../api/inbox-query.ts';
import { useInboxStream } from '../api/inbox-stream.ts';
import { InboxFilters } from './inbox-filters.tsx';
import { InboxMessage } from './inbox-message.tsx';

/** How long a confirmation ("@… is blocked") stays. */
const DONE_NOTICE_MS = 8000;

type InboxAgent = { id: string; name: string; post_configuration: { clients: readonly string[] } };

/**
 * Issue 34 §3: everything people wrote to the person's agents — mentions, replies, messages — newest first, grouped by
 * conversation, with each agent's answer and what a person can do about it. Read again on every change the terminal
 * stream reports, after every action, and at least every 15 s.
 */
export const InboxPanel = ({ agents }: { agents: readonly InboxAgent[] }) => {
  const [filters, setFilters] = useState<Filters>({});
  const inbox = useInbox(filters);
  useInboxStream();
  const { notice, show, clear } = useTimedNotice();
  const pages = inbox.data?.pages ?? [];
  const conversations = pages.flatMap((page) => page.conversations);
  const postsToDiscord = agents.some((agent) => agent.post_configuration.clients.includes('discord'));

  return (
    <section aria-labelledby="inbox-title" className="space-y-5">
      <div>
        <h2 id="inbox-title" className="text-2xl font-bold text-white">
          Inbox
        </h2>
        <p className="mt-1 text-sm text-slate-400">
          What people wrote to your agents where they answer, and the answers. With “Review before posting” on, each
          answer waits here for you.
        </p>
      </div>
      <InboxFilters agents={agents} filters={filters} counts={pages[0]?.counts} onChange={setFilters} />
      {postsToDiscord && <Notice tone="info">{INBOX_MESSAGES.discordNotAnswered}</Notice>}
      {notice && (
        <Notice key={notice.key} tone={notice.tone} onDismiss={clear}>
          {notice.text}
        </Notice>
      )}

      {inbox.isError && <Notice tone="error">Could not read the Inbox: {inbox.error.message}</Notice>}
      {inbox.isPending && <p className="text-sm text-slate-400">Loading messages…</p>}
      {inbox.isSuccess && conversations.length === 0 && (
        <div className="rounded-2xl border border-ink-700 bg-ink-950 px-6 py-12 text-center text-sm text-slate-400">
          {filters.agentId || filters.platform || filters.state
            ? 'No messages match these filters.'
            : INBOX_MESSAGES.empty}
        </div>
      )}
      {conversations.length > 0 && (
        <ul className="space-y-4" aria-label="Conversations">
          {conversations.map((conversation) => (
            <li
              key={conversation.id}
              aria-label={`Conversation on ${platformName(conversation.platform)} with ${conversation.agent.name}`}
              className="rounded-2xl border border-ink-700 bg-ink-900 px-4 py-4 sm:px-5"
            >
              <p className="mb-3 text-xs font-semibold uppercase tracking-wide text-slate-500">
                {platformName(conversation.platform)} · {conversation.agent.name}
              </p>
              <div className="divide-y divide-ink-700">
                {conversation.items.map((item) => (
                  <InboxMessage
                    key={item.id}
                    item={item}
                    onBlocked={(message) => show('success', message, DONE_NOTICE_MS)}
                  />
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      {inbox.hasNextPage && (
        <button
          type="button"
          className={buttonClasses('secondary')}
          disabled={inbox.isFetchingNextPage}
          onClick={() => void inbox.fetchNextPage()}
        >
          {inbox.isFetchingNextPage ? 'Loading…' : 'Show older'}
        </button>
      )}
    </section>
  );
};
