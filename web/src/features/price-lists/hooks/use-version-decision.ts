import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { PRICE_VERSION_UI } from '@app/contracts';
import type { PriceListVersion } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { decidePriceVersion } from '../api/price-lists-api';

/**
 * `Принять` / `Отклонить` a held version. Either way, and when refused (409: decided meanwhile in
 * another window), the list and its versions are fetched again, so the page shows what is so now.
 */
export function useVersionDecision(listId: string, onChanged: () => Promise<void>) {
  const [deciding, setDeciding] = useState<string | null>(null);

  const decide = useCallback(
    async (version: PriceListVersion, decision: 'accept' | 'reject') => {
      setDeciding(version.id);
      try {
        await decidePriceVersion(listId, version.id, decision);
        toast.success(decision === 'accept' ? PRICE_VERSION_UI.accepted : PRICE_VERSION_UI.rejected, { description: version.name });
      } catch (e) {
        toast.error(PRICE_VERSION_UI.decideFailed, { description: serverMessageOf(e) });
      } finally {
        setDeciding(null);
      }
      await onChanged();
    },
    [listId, onChanged],
  );

  return { decide, deciding };
}
