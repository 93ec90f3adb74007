import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { AUTH_UI, type AuditEvent, type AuditPage } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';

export interface AuditPages {
  events: AuditEvent[] | null;
  /** More events past those shown (`Показать ещё`). */
  hasMore: boolean;
  loading: boolean;
  more: () => void;
}

/**
 * The journal's events, newest first, a page at a time: `fetchPage(cursor)` with the cursor of the
 * last page. A new `key` (other filters, a change to the task) starts from the first page again.
 */
export function useAuditPages(fetchPage: (cursor?: string) => Promise<AuditPage>, key: string): AuditPages {
  const [events, setEvents] = useState<AuditEvent[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const generation = useRef(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const load = useCallback((cursor?: string) => {
    const mine = ++generation.current;
    setLoading(true);
    fetchRef
      .current(cursor)
      .then((page) => {
        if (mine !== generation.current) return;
        setEvents((shown) => (cursor ? [...(shown ?? []), ...page.events] : page.events));
        setNext(page.next);
      })
      .catch((e: unknown) => {
        if (mine === generation.current) toast.error(AUTH_UI.journalLoadFailed, { description: serverMessageOf(e) });
      })
      .finally(() => mine === generation.current && setLoading(false));
  }, []);

  useEffect(() => load(), [load, key]);

  return { events, hasMore: next !== null, loading, more: () => next && load(next) };
}
