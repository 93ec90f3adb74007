import { Link, NavLink, useMatch } from 'react-router-dom';
import { AUTH_UI, BATCH_UI, PRICE_LIST_UI, UI } from '@app/contracts';
import { UserMenu } from '../../features/auth/components/user-menu';
import { useCan } from '../../features/auth/hooks/auth-context';
import { BatchSelectBar } from '../../features/batches/components/batch-select-bar';
import { AddTaskButton } from '../../features/tasks/components/add-task-button';
import { TaskList } from '../../features/tasks/components/task-list';
import { useTaskSelection } from '../../features/tasks/hooks/use-task-selection';
import { BATCHES_PATH, MAPPING_PATH, PRICE_LISTS_PATH } from '../../lib/navigation';

/** The fixed-width left menu shown on every page. */
export function Sidebar() {
  const canEdit = useCan('staff');
  const isAdmin = useCan('admin');
  const selection = useTaskSelection();
  // A batch's own page belongs under `Пакеты` too.
  const onBatch = useMatch('/batch/:id') !== null;
  return (
    <aside className="sidebar">
      <div className="sidebar__brand">
        <Link to="/" className="sidebar__product">
          {UI.productName}
        </Link>
        <span className="sidebar__version">{UI.version}</span>
      </div>
      <NavLink to={MAPPING_PATH} className="sidebar__nav-link">
        <span aria-hidden="true" className="sidebar__nav-icon">⚙</span>
        {UI.rulesLink}
      </NavLink>
      <NavLink to={PRICE_LISTS_PATH} className="sidebar__nav-link">
        <span aria-hidden="true" className="sidebar__nav-icon">₽</span>
        {PRICE_LIST_UI.navLink}
      </NavLink>
      <NavLink to={BATCHES_PATH} className={({ isActive }) => `sidebar__nav-link${isActive || onBatch ? ' active' : ''}`}>
        <span aria-hidden="true" className="sidebar__nav-icon">▤</span>
        {BATCH_UI.recent}
      </NavLink>
      {isAdmin ? (
        <>
          <NavLink to="/users" className="sidebar__nav-link">
            <span aria-hidden="true" className="sidebar__nav-icon">☺</span>
            {AUTH_UI.usersTitle}
          </NavLink>
          <NavLink to="/audit" className="sidebar__nav-link">
            <span aria-hidden="true" className="sidebar__nav-icon">☰</span>
            {AUTH_UI.journalTitle}
          </NavLink>
        </>
      ) : null}
      {canEdit ? (
        <div className="sidebar__actions">
          <AddTaskButton />
        </div>
      ) : null}
      <div className="sidebar__tasks-head">
        <h2 className="sidebar__heading">{UI.tasksHeading}</h2>
        {canEdit && !selection.selecting ? (
          <button type="button" className="sidebar__select" onClick={selection.begin}>
            {BATCH_UI.select}
          </button>
        ) : null}
      </div>
      {canEdit && selection.selecting ? <BatchSelectBar selection={selection} /> : null}
      <TaskList selection={canEdit ? selection : undefined} />
      <div className="sidebar__footer">
        <UserMenu />
        <Link to={MAPPING_PATH} className="sidebar__help">
          {UI.helpLink}
        </Link>
        <p className="sidebar__copyright">{UI.copyright}</p>
      </div>
    </aside>
  );
}
