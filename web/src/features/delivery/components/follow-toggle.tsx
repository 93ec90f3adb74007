import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { DELIVERY_UI } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { fetchFollow, setFollow } from '../api/delivery-api';

/** `Следить` on a price list: the signed-in user is then told of held versions, a failing source and the list's own batches. */
export function FollowToggle({ listId }: { listId: string }) {
  const [following, setFollowing] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    fetchFollow(listId).then((s) => alive && setFollowing(s.following), () => undefined);
    return () => {
      alive = false;
    };
  }, [listId]);

  if (following === null) return null;
  const toggle = async () => {
    setBusy(true);
    try {
      setFollowing((await setFollow(listId, !following)).following);
    } catch (err) {
      toast.error(DELIVERY_UI.followFailed, { description: serverMessageOf(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--ghost follow-toggle" aria-pressed={following} title={DELIVERY_UI.followHint} disabled={busy} onClick={() => void toggle()}>
      {following ? `✓ ${DELIVERY_UI.following}` : DELIVERY_UI.follow}
    </button>
  );
}
