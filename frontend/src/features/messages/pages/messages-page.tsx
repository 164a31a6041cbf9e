import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useUserId } from '../../../app/hooks';
import { useLiveEvents, useLiveStreamUp } from '../../../app/live-stream';
import { EmptyState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-screen';
import { usePageTitle } from '../../../lib/page-title';
import { ChatTexts } from '../chat-rules';
import { ChatThread } from '../components/chat-thread';
import { ConversationList } from '../components/conversation-list';
import { useGetChatsQuery } from '../messages-api';
import '../messages.css';

const LIST_EVENTS = ['chat.message', 'chat.read'] as const;

/** /messages: the member's conversations and the open one (?proposal=<id> opens a proposal's). */
export default function MessagesPage() {
  usePageTitle(ChatTexts.title);
  const me = useUserId() ?? '';
  const live = useLiveStreamUp();
  const [params, setParams] = useSearchParams();
  const selected = params.get('proposal');
  const chats = useGetChatsQuery(me, { skip: !me, pollingInterval: live ? 0 : 10_000 });
  const { refetch } = chats;
  const onLive = useCallback(() => {
    if (me) void refetch();
  }, [me, refetch]);
  useLiveEvents(onLive, LIST_EVENTS);

  const open = (proposalId: string) => setParams({ proposal: proposalId });
  const items = chats.data ?? [];

  return (
    <div className={`page messages-page${selected ? ' messages-page--thread' : ''}`}>
      <aside className="messages-page__list">
        <h1 className="messages-page__title">{ChatTexts.title}</h1>
        {chats.isLoading ? (
          <InlineLoading />
        ) : items.length === 0 ? (
          <EmptyState title={ChatTexts.empty}>
            <p>{ChatTexts.emptyHint}</p>
          </EmptyState>
        ) : (
          <ConversationList items={items} me={me} activeProposalId={selected} onOpen={open} />
        )}
      </aside>
      <main className="messages-page__thread">
        {selected ? (
          <>
            <button
              type="button"
              className="btn btn--ghost messages-page__back"
              onClick={() => setParams({})}
            >
              Back to conversations
            </button>
            <ChatThread key={selected} proposalId={selected} me={me} />
          </>
        ) : (
          <p className="messages-page__pick">{ChatTexts.pick}</p>
        )}
      </main>
    </div>
  );
}
