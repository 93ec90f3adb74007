import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { DEFAULT_MAPPING, ERR, TOAST, conflictingColumns } from '@app/contracts';
import type { FileKind, ManualMapping, PriceKeys, RuleProfile } from '@app/contracts';
import { ApiError } from '../../../lib/api-client';
import { fetchProfile, updateProfile } from '../../profiles/api/profiles-api';
import { rememberHeader } from '../lib/column-options';
import { draftOf, mappingOf, newPairKey, sameRules, savedShape } from '../lib/rules-draft';
import type { RulesDraft } from '../lib/rules-draft';
import type { TaskColumns } from './use-task-columns';

const EMPTY: RulesDraft = {
  manual: { ...DEFAULT_MAPPING.manualMapping },
  pairs: [],
  keys: { ...DEFAULT_MAPPING.priceKeys },
  headers: { template: {}, price: {} },
};

interface Loaded {
  profileId: string;
  saved: RulesDraft;
  /** The profile's version the page stands on; a save sends it (undefined when it could not load). */
  version?: number;
}

/**
 * The rules of one profile as the page edits them (`GET/PUT /api/profiles/{id}`). A column picked
 * or typed while the chosen task's file is loaded remembers that column's header. A save sends the
 * profile's version the page loaded: when the profile changed meanwhile (another window's save,
 * `Исправить` on a task page) it is refused with 409, said in a toast, and what was typed stays on
 * the page. Other failures of loading or saving are not reported (spec §8); the form keeps what it has.
 */
export function useMappingForm(profileId: string | null, columns: TaskColumns) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [draft, setDraft] = useState<RulesDraft>(EMPTY);
  const [saving, setSaving] = useState(false);
  const columnsRef = useRef(columns);
  columnsRef.current = columns;

  const apply = useCallback((profile: RuleProfile) => {
    const fresh = draftOf(profile);
    setLoaded({ profileId: profile.id, saved: fresh, version: profile.version });
    setDraft(fresh);
  }, []);

  useEffect(() => {
    if (!profileId) return;
    let alive = true;
    setLoaded(null);
    fetchProfile(profileId)
      .then((p) => alive && p && apply(p))
      .catch(() => alive && setLoaded({ profileId, saved: EMPTY }));
    return () => {
      alive = false;
    };
  }, [profileId, apply]);

  /** The draft with `column` set somewhere by `update`, and its header remembered when the file is loaded. */
  const edit = useCallback((kind: FileKind, column: number, update: (d: RulesDraft) => RulesDraft) => {
    const source = columnsRef.current[kind];
    setDraft((d) => {
      const next = update(d);
      return source.status === 'ready' ? { ...next, headers: rememberHeader(next.headers, kind, column, source.columns) } : next;
    });
  }, []);

  const setManualField = (field: keyof ManualMapping, value: number) =>
    edit('template', value, (d) => ({ ...d, manual: { ...d.manual, [field]: value } }));
  const setKey = (field: keyof PriceKeys, value: number) => edit('price', value, (d) => ({ ...d, keys: { ...d.keys, [field]: value } }));
  const setPair = (key: number, side: FileKind, value: number) =>
    edit(side, value, (d) => ({ ...d, pairs: d.pairs.map((p) => (p.key === key ? { ...p, [side]: value } : p)) }));
  const addPair = () => setDraft((d) => ({ ...d, pairs: [...d.pairs, { key: newPairKey(), price: 0, template: 0 }] }));
  const removePair = (key: number) => setDraft((d) => ({ ...d, pairs: d.pairs.filter((p) => p.key !== key) }));

  const mapping = useMemo(() => mappingOf(draft), [draft]);
  /** Computed as the spec asks; deliberately not shown. */
  const conflicts = useMemo(() => conflictingColumns(mapping), [mapping]);
  const ready = loaded !== null && loaded.profileId === profileId;
  const dirty = ready && !sameRules(draft, loaded.saved);

  const save = async () => {
    if (!ready) return;
    setSaving(true);
    try {
      const saved = await updateProfile(loaded.profileId, { ...savedShape(draft), version: loaded.version });
      toast.success(TOAST.saved);
      if (saved && typeof saved === 'object' && 'manualMapping' in saved) apply(saved);
    } catch (e) {
      // Not handled by the spec, but a refused save must not pass for a saved one.
      if (e instanceof ApiError && e.status === 409) toast.error(ERR.profileChanged);
    } finally {
      setSaving(false);
    }
  };

  return {
    loaded: ready,
    saving,
    dirty,
    draft,
    conflicts,
    setDraft,
    setManualField,
    setKey,
    addPair,
    removePair,
    setPair,
    save,
  };
}

export type MappingForm = ReturnType<typeof useMappingForm>;
