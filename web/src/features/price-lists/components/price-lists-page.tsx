import { PRICE_LIST_UI, UI } from '@app/contracts';
import { useCan } from '../../auth/hooks/auth-context';
import { usePriceLists } from '../hooks/use-price-lists';
import { CreatePriceListButton } from './create-price-list-button';
import { PriceListCard } from './price-list-card';

/** `/price-lists`: the library of supplier price lists, each with its versions and following tasks. */
export function PriceListsPage() {
  const lists = usePriceLists();
  const canEdit = useCan('staff');

  return (
    <div className="page">
      <header className="page-header">
        <div className="page-header__text">
          <h1 className="page-header__title">{PRICE_LIST_UI.pageTitle}</h1>
        </div>
        {canEdit ? (
          <div className="page-header__actions">
            <CreatePriceListButton onCreated={lists.put} />
          </div>
        ) : null}
      </header>
      {lists.lists === null ? <p className="placeholder">{UI.loading}</p> : null}
      {lists.lists?.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{PRICE_LIST_UI.noLists}</p>
        </div>
      ) : null}
      {lists.lists?.map((list) => <PriceListCard key={list.id} list={list} lists={lists} />)}
    </div>
  );
}
