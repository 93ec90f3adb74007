import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { DELIVERY_UI, UI, type FollowedList } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useAuth } from '../../auth/hooks/auth-context';
import { fetchFollows, saveMyEmail, setFollow } from '../api/delivery-api';

/**
 * `Уведомления` on `Учётная запись`: where the user's notices go, and the price lists they follow
 * (each can be let go here). Single sign-on users get their address from the provider at each sign-in.
 */
export function AccountNotices() {
  const { user, setUser } = useAuth();
  const [email, setEmail] = useState(user?.email ?? '');
  const [follows, setFollows] = useState<FollowedList[] | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => fetchFollows().then(setFollows, () => setFollows([])), []);
  useEffect(() => void load(), [load]);

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const me = await saveMyEmail(email.trim() || null);
      setEmail(me.user.email ?? '');
      setUser(me.user);
      toast.success(DELIVERY_UI.emailSaved);
    } catch (err) {
      toast.error(DELIVERY_UI.emailSaveFailed, { description: serverMessageOf(err) });
    } finally {
      setBusy(false);
    }
  };

  const unfollow = async (list: FollowedList) => {
    try {
      await setFollow(list.priceListId, false);
      await load();
    } catch (err) {
      toast.error(DELIVERY_UI.followFailed, { description: serverMessageOf(err) });
    }
  };

  return (
    <section className="panel" aria-labelledby="notices-title">
      <h2 className="panel__title" id="notices-title">
        {DELIVERY_UI.notices}
      </h2>
      <p className="note">{DELIVERY_UI.emailHint}</p>
      <form className="inline-form" onSubmit={(e) => void onSave(e)}>
        <input className="text-input" type="email" aria-label={DELIVERY_UI.email} placeholder={DELIVERY_UI.email} value={email} onChange={(e) => setEmail(e.target.value)} />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {DELIVERY_UI.saveEmail}
        </button>
      </form>
      {user?.email ? null : <p className="note">{DELIVERY_UI.noEmail}</p>}
      <h3 className="delivery-follows__title">{DELIVERY_UI.followedLists}</h3>
      {follows === null ? <p className="note">{UI.loading}</p> : null}
      {follows?.length === 0 ? <p className="note">{DELIVERY_UI.noFollowed}</p> : null}
      {follows && follows.length > 0 ? (
        <ul className="delivery-follows" aria-label={DELIVERY_UI.followedLists}>
          {follows.map((f) => (
            <li key={f.priceListId} data-price-list-id={f.priceListId}>
              <span>{f.name}</span>
              <span className="note"> · {formatDate(f.since)}</span>
              <button type="button" className="btn btn--ghost" onClick={() => void unfollow(f)}>
                {DELIVERY_UI.unfollow}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
