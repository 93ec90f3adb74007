import { useState } from 'react';
import { PRICE_LIST_UI, PRICE_VERSION_UI } from '@app/contracts';
import type { PriceList } from '@app/contracts';
import { formatDate, formatSize } from '../../../lib/format';
import { useCan } from '../../auth/hooks/auth-context';
import { usePriceListActions } from '../hooks/use-price-list-actions';
import type { PriceListsState } from '../hooks/use-price-lists';
import { useVersionsFold } from '../hooks/use-versions-fold';
import { PriceListRename } from './price-list-rename';
import { PriceListSettings } from './price-list-settings';
import { PriceSourceCard } from './price-source-card';
import { PriceVersionColumns } from './price-version-columns';
import { PriceVersionUpload } from './price-version-upload';
import { PriceVersions } from './price-versions';
import { DeliverOnBatch } from '../../delivery/components/deliver-on-batch';
import { FollowToggle } from '../../delivery/components/follow-toggle';
import './price-list-card.css';

interface Props {
  list: PriceList;
  lists: PriceListsState;
}

/**
 * One price list: its name, current version, following tasks and the versions waiting for a
 * decision; a new version; its settings, its source, its versions and columns.
 */
export function PriceListCard({ list, lists }: Props) {
  const canEdit = useCan('staff');
  const isAdmin = useCan('admin');
  const actions = usePriceListActions(list, lists);
  const [renaming, setRenaming] = useState(false);
  const versions = useVersionsFold(list.heldCount);
  const { current } = list;

  return (
    <section className="panel price-list" aria-label={list.name} data-price-list-id={list.id}>
      <div className="panel__head price-list__head">
        {renaming ? (
          <PriceListRename name={list.name} onRename={actions.rename} onClose={() => setRenaming(false)} />
        ) : (
          <h2 className="panel__title">{list.name}</h2>
        )}
        {!renaming ? <FollowToggle listId={list.id} /> : null}
        {canEdit && !renaming ? (
          <div className="price-list__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setRenaming(true)}>
              {PRICE_LIST_UI.rename}
            </button>
            {isAdmin ? (
              <button type="button" className="btn btn--ghost btn--danger" onClick={() => void actions.remove()}>
                {PRICE_LIST_UI.delete}
              </button>
            ) : null}
            <DeliverOnBatch checked={actions.deliver} onChange={actions.setDeliver} disabled={actions.starting} />
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => void actions.generateAll()}
              disabled={actions.starting || actions.following.length === 0 || !current}
              title={actions.following.length === 0 ? PRICE_LIST_UI.noFollowing : undefined}
            >
              {PRICE_LIST_UI.generateAll}
            </button>
          </div>
        ) : null}
      </div>
      <p className="price-list__meta" data-testid="price-list-meta">
        {current ? (
          <>
            <span className="price-list__version">{PRICE_LIST_UI.versionOf(formatDate(current.uploadedAt))}</span>
            <span className="note">
              {current.name} · {formatSize(current.size)}
            </span>
          </>
        ) : (
          <span className="note">{PRICE_LIST_UI.noCurrent}</span>
        )}
        <span className="price-list__tasks" data-testid="price-list-tasks">
          {PRICE_LIST_UI.tasks(list.taskCount)}
          {list.staleCount > 0 ? <span className="price-list__stale">, {PRICE_LIST_UI.staleTasks(list.staleCount)}</span> : null}
        </span>
        {list.heldCount > 0 ? (
          <button type="button" className="price-list__held" data-testid="price-list-held" onClick={() => versions.setOpen(true)}>
            {PRICE_VERSION_UI.heldCount(list.heldCount)}
          </button>
        ) : null}
      </p>
      {canEdit ? <PriceVersionUpload uploading={actions.uploading} onFile={(file) => void actions.upload(file)} /> : null}
      <PriceListSettings list={list} lists={lists} />
      <PriceSourceCard list={list} onVersionsChanged={actions.versionsChanged} onShowVersion={versions.show} />
      <PriceVersions listId={list.id} reloadKey={actions.versionsKey} fold={versions} onChanged={actions.versionsChanged} />
      {current ? <PriceVersionColumns listId={list.id} versionId={current.id} /> : null}
    </section>
  );
}
