import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { UI } from '@app/contracts';
import { skipsUnsavedCheck } from '../../../lib/navigation';

/** Warns before leaving the page (closing the tab or navigating in the app) with unsaved changes. */
export function useUnsavedGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname && !skipsUnsavedCheck(nextLocation.state),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UI.unsavedChanges)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
