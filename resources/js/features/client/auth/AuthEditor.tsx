// Authorization: the five types in the spec's order and labels, and the fields each one needs.
import { lazy, Suspense } from 'react';
import { AUTHORIZATION_OPTIONS } from '../../../model/request/authorization';
import type { DocumentedAuthorization } from '../../../../../protocol/types';
import type { AuthState } from '../../../model/request/request-state';
import { TextField } from '../ui/TextField';

// The user search beside the id: its own chunk, loaded when impersonation is chosen.
const UserPicker = lazy(() => import('../data/DataPicker').then((chunk) => ({ default: chunk.UserPicker })));

/** `documented`: the authorization the API's document declares; its note shows while that type is chosen. */
export function AuthEditor({ auth, onChange, documented }: { auth: AuthState; onChange: (auth: AuthState) => void; documented?: DocumentedAuthorization }) {
  const set = (patch: Partial<AuthState>) => onChange({ ...auth, ...patch });
  return (
    <div className="kite-auth">
      <label className="kite-inline-field">
        <span>Type</span>
        <select
          className="kite-select"
          aria-label="Authorization type"
          value={auth.type}
          onChange={(event) => set({ type: event.target.value as AuthState['type'] })}
        >
          {AUTHORIZATION_OPTIONS.map((option) => (
            <option key={option.type} value={option.type}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {documented?.note && documented.type === auth.type && <p className="kite-empty-note">{documented.note}</p>}
      {auth.type === 'current-user' && (
        <p className="kite-empty-note">The host forwards the cookies of your session in this browser, so the request runs as you.</p>
      )}
      {auth.type === 'impersonate' && (
        <>
          <label className="kite-inline-field">
            <span>User ID</span>
            <TextField value={auth.userId} onValue={(userId) => set({ userId })} placeholder="e.g. 42" aria-label="User ID" />
          </label>
          <Suspense fallback={null}>
            <UserPicker onPick={(userId) => set({ userId })} />
          </Suspense>
        </>
      )}
      {auth.type === 'none' && <p className="kite-empty-note">No credentials are sent: the host strips cookies and authorization.</p>}
      {auth.type === 'bearer' && (
        <label className="kite-inline-field">
          <span>Token</span>
          <TextField value={auth.token} onValue={(token) => set({ token })} placeholder="Token" aria-label="Bearer token" />
        </label>
      )}
      {auth.type === 'basic' && (
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
      )}
    </div>
  );
}
