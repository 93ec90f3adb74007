import { useEffect, useState } from 'react';
import { DELIVERY_UI, type User } from '@app/contracts';

/** A user's address for notices (DESIGN §17) in the users table: saved on Enter or when the field is left, if it changed. */
export function UserEmailInput({ user, onSave }: { user: User; onSave: (email: string | null) => void }) {
  const [value, setValue] = useState(user.email ?? '');
  useEffect(() => setValue(user.email ?? ''), [user.email]);
  const save = () => {
    const email = value.trim() || null;
    if (email !== user.email) onSave(email);
  };
  return (
    <input
      className="text-input"
      type="email"
      aria-label={`${DELIVERY_UI.email}: ${user.login}`}
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') save();
      }}
    />
  );
}
