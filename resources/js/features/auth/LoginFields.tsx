// Username and password, as Basic Auth and OAuth 2.0's password grant ask for them.
import type { AuthState } from '../../model/request/request-state';
import { TextField } from '../../components/TextField';

export function LoginFields({ auth, set }: { auth: Pick<AuthState, 'username' | 'password'>; set: (patch: Partial<AuthState>) => void }) {
  return (
    <>
      <label className="kite-inline-field">
        <span>Username</span>
        <TextField value={auth.username} onValue={(username) => set({ username })} aria-label="Username" />
      </label>
      <label className="kite-inline-field">
        <span>Password</span>
        <TextField type="password" value={auth.password} onValue={(password) => set({ password })} aria-label="Password" />
      </label>
    </>
  );
}
