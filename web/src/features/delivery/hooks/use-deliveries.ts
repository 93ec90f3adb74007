import { useCallback, useEffect, useRef, useState } from 'react';
import type { Delivery } from '@app/contracts';
import { fetchDeliveries } from '../api/delivery-api';

const POLL_MS = 1000;
/** A message still queued after this long is left to the next look (the mail server may be away for a while). */
const POLL_FOR_MS = 120_000;

export interface DeliveriesState {
  /** Newest first; null until the first answer. */
  deliveries: Delivery[] | null;
  /** Asks again now, and every second while a message is on its way (for two minutes at most). */
  refresh: () => void;
}

/** The one owner of a task's delivery log: the history rows' `Отправить` and the log both read it. */
export function useDeliveries(taskId: string): DeliveriesState {
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const until = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchDeliveries(taskId, signal).then(
        (list) => {
          setDeliveries(list);
          clearTimeout(timer.current);
          if (list.some((d) => d.status === 'queued') && Date.now() < until.current) timer.current = setTimeout(() => void load(signal), POLL_MS);
        },
        () => setDeliveries((d) => d ?? []),
      ),
    [taskId],
  );

  useEffect(() => {
    const abort = new AbortController();
    until.current = Date.now() + POLL_FOR_MS;
    void load(abort.signal);
    return () => {
      abort.abort();
      clearTimeout(timer.current);
    };
  }, [load]);

  const refresh = useCallback(() => {
    until.current = Date.now() + POLL_FOR_MS;
    void load();
  }, [load]);

  return { deliveries, refresh };
}
