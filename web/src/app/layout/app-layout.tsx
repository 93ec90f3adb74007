import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useStrayFileDropGuard } from '../../hooks/use-stray-file-drop-guard';
import { TasksProvider } from '../../features/tasks/hooks/tasks-context';
import { Sidebar } from './sidebar';

export function AppLayout() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  useStrayFileDropGuard();

  // The main area keeps its own scroll; each page starts at the top.
  useEffect(() => {
    mainRef.current?.scrollTo(0, 0);
  }, [pathname]);

  return (
    // The task list is loaded only once someone is signed in (RequireAuth wraps this layout).
    <TasksProvider>
      <div className="layout">
        <Sidebar />
        <main className="layout__main" ref={mainRef}>
          <Outlet />
        </main>
      </div>
    </TasksProvider>
  );
}
