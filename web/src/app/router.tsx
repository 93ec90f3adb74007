import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { HomeRoute } from './routes/home';
import { MappingRoute } from './routes/mapping';
import { NotFoundRoute } from './routes/not-found';
import { TaskRoute } from './routes/task';

/** A data router: the unsaved-changes guard (useBlocker) needs one. */
const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'task/:id', element: <TaskRoute /> },
      { path: 'settings/mapping', element: <MappingRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
