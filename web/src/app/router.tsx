import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AccountPage } from '../features/auth/components/account-page';
import { RequireAdmin, RequireAuth } from '../features/auth/components/require-auth';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { AuditPage } from '../features/audit/components/audit-page';
import { UsersPage } from '../features/users/components/users-page';
import { PriceListsPage } from '../features/price-lists/components/price-lists-page';
import { RecentBatchesPage } from '../features/batches/components/recent-batches-page';
import { AppLayout } from './layout/app-layout';
import { BatchRoute } from './routes/batch';
import { HomeRoute } from './routes/home';
import { MappingRoute } from './routes/mapping';
import { NotFoundRoute } from './routes/not-found';
import { TaskRoute } from './routes/task';

/** A data router: the unsaved-changes guard (useBlocker) needs one. Everything but /login is behind sign-in. */
const router = createBrowserRouter([
  { path: 'login', element: <SignInPage /> },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'task/:id', element: <TaskRoute /> },
      { path: 'settings/mapping', element: <MappingRoute /> },
      { path: 'price-lists', element: <PriceListsPage /> },
      { path: 'batches', element: <RecentBatchesPage /> },
      { path: 'batch/:id', element: <BatchRoute /> },
      { path: 'account', element: <AccountPage /> },
      { path: 'users', element: <RequireAdmin><UsersPage /></RequireAdmin> },
      { path: 'audit', element: <RequireAdmin><AuditPage /></RequireAdmin> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
