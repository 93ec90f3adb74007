import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import {
  DEFAULT_MAPPING,
  TOAST,
  conflictingColumns,
  pairsToPriceToTemplate,
  priceToTemplatePairs,
} from '@app/contracts';
import type { ManualMapping, Mapping, PriceKeys } from '@app/contracts';
import { fetchGlobalMapping, saveGlobalMapping } from '../api/mapping-api';

export interface PairRow {
  key: number;
  price: number;
  template: number;
}

let nextKey = 1;
const toPairs = (m: Mapping['priceToTemplate']): PairRow[] =>
  priceToTemplatePairs(m ?? {}).map((p) => ({ ...p, key: nextKey++ }));

/**
 * The global transfer rules as edited on the settings page. Failures of loading or saving are not
 * reported (spec §8); the form keeps what it has.
 */
export function useMappingForm() {
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [manual, setManual] = useState<ManualMapping>({ ...DEFAULT_MAPPING.manualMapping });
  const [pairs, setPairs] = useState<PairRow[]>([]);
  const [keys, setKeys] = useState<PriceKeys>({ ...DEFAULT_MAPPING.priceKeys });

  const apply = useCallback((m: Mapping) => {
    setManual({ ...DEFAULT_MAPPING.manualMapping, ...(m.manualMapping ?? {}) });
    setPairs(toPairs(m.priceToTemplate));
    setKeys({ ...DEFAULT_MAPPING.priceKeys, ...(m.priceKeys ?? {}) });
  }, []);

  useEffect(() => {
    let alive = true;
    fetchGlobalMapping()
      .then((m) => alive && m && apply(m))
      .catch(() => undefined)
      .finally(() => alive && setLoaded(true));
    return () => {
      alive = false;
    };
  }, [apply]);

  const priceToTemplate = useMemo(() => pairsToPriceToTemplate(pairs), [pairs]);
  /** Computed as the spec asks; deliberately not shown. */
  const conflicts = useMemo(() => conflictingColumns({ manualMapping: manual, priceToTemplate }), [manual, priceToTemplate]);

  const setManualField = (field: keyof ManualMapping, value: number) => setManual((m) => ({ ...m, [field]: value }));
  const setKey = (field: keyof PriceKeys, value: number) => setKeys((k) => ({ ...k, [field]: value }));
  const addPair = () => setPairs((p) => [...p, { key: nextKey++, price: 0, template: 0 }]);
  const removePair = (key: number) => setPairs((p) => p.filter((x) => x.key !== key));
  const setPair = (key: number, side: 'price' | 'template', value: number) =>
    setPairs((p) => p.map((x) => (x.key === key ? { ...x, [side]: value } : x)));

  const save = async () => {
    setSaving(true);
    try {
      const saved = await saveGlobalMapping({ manualMapping: manual, priceToTemplate, priceKeys: keys });
      toast.success(TOAST.saved);
      if (saved && typeof saved === 'object' && 'manualMapping' in saved) apply(saved);
    } catch {
      // Not handled by the spec: no message.
    } finally {
      setSaving(false);
    }
  };

  return { loaded, saving, manual, pairs, keys, conflicts, setManualField, setKey, addPair, removePair, setPair, save };
}
