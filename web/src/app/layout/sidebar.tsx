import { Link, NavLink } from 'react-router-dom';
import { AUTH_UI, UI } from '@app/contracts';
import { UserMenu } from '../../features/auth/components/user-menu';
import { useCan } from '../../features/auth/hooks/auth-context';
import { AddTaskButton } from '../../features/tasks/components/add-task-button';
import { TaskList } from '../../features/tasks/components/task-list';
import { MAPPING_PATH } from '../../lib/navigation';

/** The fixed-width left menu shown on every page. */
export function Sidebar() {
  const canEdit = useCan('staff');
  const isAdmin = useCan('admin');
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
      <h2 className="sidebar__heading">{UI.tasksHeading}</h2>
      <TaskList />
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
