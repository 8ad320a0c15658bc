// Authorization: the schemes the API's document declares first (pre-filled), then the types in the
// spec's order and labels, and the fields each one needs.
import { lazy, Suspense } from 'react';
import { AUTHORIZATION_OPTIONS, INHERIT_LABEL, authorizationLabel, takesLogin } from '../../model/request/authorization';
import { inheritedFromLabel, type EffectiveAuth } from '../../model/workspace/inherited-auth';
import type { ApiKeyLocation, DocumentedAuthorization } from '../../../../protocol/types';
import type { AuthState } from '../../model/request/request-state';
import { TextField } from '../../components/TextField';
import { LoginFields } from './LoginFields';
import { applyDeclaredAuth, type DeclaredAuth } from '../../model/auth/document-schemes';
import { loadDataPicker } from '../data/data';

// OAuth 2.0's settings and token: its own chunk, loaded when that type is chosen.
const OAuth2Editor = lazy(() => import('./OAuth2Editor'));
const SCHEME_VALUE = 'scheme:';

// The user search beside the id: its own chunk, loaded when impersonation is chosen.
const UserPicker = lazy(() => loadDataPicker().then((chunk) => ({ default: chunk.UserPicker })));

/**
 * `declared`: the schemes the API's document declares for this route, offered first;
 * `documented`: the older one-line note of the document's authorization, shown while that type is
 * chosen and no declared scheme is; `inherited`: what "Inherit from folder" gives (a saved request's
 * folder, a folder's parent), offered first when set.
 */
export function AuthEditor({
  auth,
  onChange,
  documented,
  declared = [],
  inherited,
}: {
  auth: AuthState;
  onChange: (auth: AuthState) => void;
  documented?: DocumentedAuthorization;
  declared?: DeclaredAuth[];
  inherited?: EffectiveAuth;
}) {
  const set = (patch: Partial<AuthState>) => onChange({ ...auth, ...patch });
  const chosenScheme = declared.find((item) => item.scheme === auth.scheme && item.auth.type === auth.type);
  const choose = (value: string) => {
    const scheme = value.startsWith(SCHEME_VALUE) ? declared.find((item) => `${SCHEME_VALUE}${item.scheme}` === value) : undefined;
    onChange(scheme ? applyDeclaredAuth(auth, scheme) : { ...auth, type: value as AuthState['type'], scheme: undefined });
  };
  return (
    <div className="kite-auth">
      <label className="kite-inline-field">
        <span>Type</span>
        <select
          className="kite-select"
          aria-label="Authorization type"
          value={chosenScheme ? `${SCHEME_VALUE}${chosenScheme.scheme}` : auth.type}
          onChange={(event) => choose(event.target.value)}
        >
          {declared.length > 0 && (
            <optgroup label="Declared by the API">
              {declared.map((item) => (
                <option key={item.scheme} value={`${SCHEME_VALUE}${item.scheme}`}>
                  {item.label}
                </option>
              ))}
            </optgroup>
          )}
          {inherited && <option value="inherit">{INHERIT_LABEL}</option>}
          <optgroup label={declared.length > 0 ? 'Any type' : 'Types'}>
            {AUTHORIZATION_OPTIONS.map((option) => (
              <option key={option.type} value={option.type}>
                {option.label}
              </option>
            ))}
          </optgroup>
        </select>
      </label>
      {auth.type === 'inherit' && inherited && (
        <p className="kite-empty-note" role="status">
          {inherited.inheritedFrom === null || inherited.inheritedFrom === undefined
            ? `Neither its folders nor the workspace set an auth: sent as ${authorizationLabel(inherited.auth.type)} (the default type of the Settings).`
            : `Inherited from ${inheritedFromLabel(inherited.inheritedFrom)}: ${authorizationLabel(inherited.auth.type)}${inheritedDetail(inherited.auth)}.`}
        </p>
      )}
      {!chosenScheme && documented?.note && documented.type === auth.type && <p className="kite-empty-note">{documented.note}</p>}
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
      {auth.type === 'api-key' && (
        <>
          <label className="kite-inline-field">
            <span>Key name</span>
            <TextField value={auth.keyName ?? ''} onValue={(keyName) => set({ keyName })} placeholder="e.g. X-API-Key" aria-label="API key name" />
          </label>
          <label className="kite-inline-field">
            <span>Add to</span>
            <select className="kite-select" aria-label="API key location" value={auth.keyIn ?? 'header'} onChange={(event) => set({ keyIn: event.target.value as ApiKeyLocation })}>
              <option value="header">Header</option>
              <option value="query">Query parameter</option>
              <option value="cookie">Cookie</option>
            </select>
          </label>
          <label className="kite-inline-field">
            <span>Value</span>
            <TextField value={auth.token} onValue={(token) => set({ token })} placeholder="Key, or {{variable}}" aria-label="API key value" />
          </label>
        </>
      )}
      {auth.type === 'oauth2' && (
        <Suspense fallback={null}>
          <OAuth2Editor auth={auth} onChange={onChange} />
        </Suspense>
      )}
      {takesLogin(auth.type) && <LoginFields auth={auth} set={set} />}
    </div>
  );
}

/** ` {{token}}`, ` header X-Key`: the reference or place an inherited auth uses, never a value (files hold references only). */
function inheritedDetail(auth: AuthState): string {
  if (auth.type === 'bearer') return auth.token ? ` ${auth.token}` : '';
  if (auth.type === 'api-key') return ` in the ${auth.keyIn ?? 'header'} ${auth.keyName ?? ''}`.trimEnd();
  if (takesLogin(auth.type)) return auth.username ? ` as ${auth.username}` : '';
  return '';
}
