import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { AUTH_UI, ROLE_NAMES } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { SKIP_UNSAVED_CHECK } from '../../../lib/navigation';
import { useAuth } from '../hooks/auth-context';

export function SignOutButton({ className = 'sidebar__signout' }: { className?: string }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const onClick = async () => {
    try {
      await signOut();
      navigate('/login', { replace: true, state: SKIP_UNSAVED_CHECK });
    } catch (e) {
      toast.error(AUTH_UI.signOutFailed, { description: serverMessageOf(e) });
    }
  };
  return (
    <button type="button" className={className} onClick={() => void onClick()}>
      {AUTH_UI.signOut}
    </button>
  );
}

/** The sidebar's signed-in user: the name (to the account page: password, tokens), the role, `Выйти`. */
export function UserMenu() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="sidebar__user" data-testid="user-menu">
      <Link to="/account" className="sidebar__user-name" title={AUTH_UI.account}>
        {user.displayName}
      </Link>
      <span className="sidebar__user-role">{ROLE_NAMES[user.role]}</span>
      <SignOutButton />
    </div>
  );
}
