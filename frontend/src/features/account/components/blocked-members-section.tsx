import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useBlockListQuery, useSetBlockMutation } from '../../../app/blocks-api';
import { errorMessage } from '../../../app/http';
import { useToast } from '../../../app/hooks';
import { Avatar } from '../../../components/avatar';
import { ErrorState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-screen';
import { Pager } from '../../../components/pager';
import { fullName } from '../../../lib/format';

const PAGE_SIZE = 20;

export const BlockedMembersTexts = {
  title: 'Blocked members',
  empty: 'You have not blocked anyone.',
  hint: 'Members you block cannot send you proposals or messages, or follow you, and you cannot do so either.',
  unblock: 'Unblock',
} as const;

/** My Account: the members I block, each with Unblock. */
export function BlockedMembersSection() {
  const toast = useToast();
  const [page, setPage] = useState(1);
  const list = useBlockListQuery({ page, limit: PAGE_SIZE });
  const [setBlock, { isLoading }] = useSetBlockMutation();

  const unblock = async (userId: string, name: string) => {
    try {
      await setBlock({ userId, block: false }).unwrap();
      toast(`You unblocked ${name}.`, 'success');
    } catch (err) {
      toast(errorMessage(err), 'error');
    }
  };

  let body;
  if (list.isLoading) body = <InlineLoading />;
  else if (list.error || !list.data?.blocks)
    body = (
      <ErrorState
        message={errorMessage(list.error, 'Your blocked members could not be loaded.')}
        onRetry={list.refetch}
      />
    );
  else if (list.data.blocks.length === 0) body = <p>{BlockedMembersTexts.empty}</p>;
  else
    body = (
      <>
        <ul className="blocked-members">
          {list.data.blocks.map((b) => {
            const name =
              fullName(b.first_name ?? '', b.last_name ?? '') ||
              (b.username ? `@${b.username}` : 'Member');
            return (
              <li key={b.user_id} className="blocked-members__item">
                <Avatar src={b.profile_image ?? undefined} name={name} size={36} />
                <Link to={`/store/${encodeURIComponent(b.user_id)}`}>{name}</Link>
                <button
                  type="button"
                  className="btn btn--ghost"
                  disabled={isLoading}
                  onClick={() => void unblock(b.user_id, name)}
                >
                  {BlockedMembersTexts.unblock}
                </button>
              </li>
            );
          })}
        </ul>
        <Pager page={page} totalPages={list.data.totalPages} onChange={setPage} />
      </>
    );

  return (
    <section className="panel" aria-labelledby="blocked-heading">
      <h2 id="blocked-heading" className="panel__title">
        {BlockedMembersTexts.title}
      </h2>
      <p className="field__hint">{BlockedMembersTexts.hint}</p>
      {body}
    </section>
  );
}
