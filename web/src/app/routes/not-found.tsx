import { Link } from 'react-router-dom';
import { UI } from '@app/contracts';

export function NotFoundRoute() {
  return (
    <div className="empty-state">
      <h1 className="empty-state__title">{UI.pageNotFound}</h1>
      <p className="empty-state__hint">
        <Link to="/">{UI.toHome}</Link>
      </p>
    </div>
  );
}
