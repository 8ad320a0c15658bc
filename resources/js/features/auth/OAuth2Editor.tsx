// OAuth 2.0 in the Auth tab: the grant and the client's settings, the token this browser holds for
// them in the active environment (shortened, its expiry and scopes), and the button that gets a new
// one. Thin: the rules live in model/auth and ./oauth-session.
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import type { AuthState } from '../../model/request/request-state';
import { TextField } from '../../components/TextField';
import { LoginFields } from './LoginFields';
import { variableScopeAtom, applicationWorkspaceAtom, workspaceApplicationAtom } from '../workspace/workspace';
import { resolveRequest } from '../../model/workspace/variables';
import { defaultRequestState } from '../../model/request/request-state';
import { DEFAULT_GRANT, OAUTH_GRANTS, type OAuthGrant } from '../../model/auth/oauth-grants';
import { GRANT_LABELS } from '../../model/auth/document-schemes';
import { expiryText } from '../../model/auth/token-response';
import { tokenKey, tokenPreview } from '../../model/auth/token-store';
import { tokenErrorAtom, tokenStoreAtom } from './token-atoms';
import { forgetToken, requestNewToken, type DeviceSignIn } from './oauth-session';
import { copyText } from '../../lib/clipboard';

const EXPIRY_TICK_MS = 15000;

export default function OAuth2Editor({ auth, onChange }: { auth: AuthState; onChange: (auth: AuthState) => void }) {
  const store = useStore();
  const set = (patch: Partial<AuthState>) => onChange({ ...auth, ...patch });
  const grant = auth.grant ?? DEFAULT_GRANT;
  const scope = useAtomValue(variableScopeAtom);
  // The token belongs to the settings as they resolve ({{variables}} filled in) in this environment.
  const resolved = resolveRequest({ ...defaultRequestState(), auth }, scope).state.auth;
  const key = tokenKey({ application: useAtomValue(workspaceApplicationAtom), environment: useAtomValue(applicationWorkspaceAtom).active, tokenUrl: resolved.tokenUrl ?? '', clientId: resolved.clientId ?? '' });
  const token = useAtomValue(tokenStoreAtom)[key];
  const failure = useAtomValue(tokenErrorAtom)[key];
  const [busy, setBusy] = useState(false);
  // The device code grant's sign-in under way: the code shown, and Cancel's controller.
  const [device, setDevice] = useState<{ signIn: DeviceSignIn | null; cancel: AbortController } | null>(null);
  const [copied, setCopied] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), EXPIRY_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => setNow(Date.now()), [token]);

  const getToken = async () => {
    setBusy(true);
    const cancel = new AbortController();
    deviceCancel.current = cancel;
    setCopied(false);
    if (grant === 'device_code') setDevice({ signIn: null, cancel });
    try {
      await requestNewToken(store, resolved, { signal: cancel.signal, onCode: (signIn) => setDevice({ signIn, cancel }) });
    } catch {
      // The message is kept in tokenErrorAtom and shown below.
    } finally {
      setBusy(false);
      setDevice(null);
    }
  };
  // Leaving the Auth tab stops the polling.
  const deviceCancel = useRef<AbortController | null>(null);
  useEffect(() => () => deviceCancel.current?.abort(), []);
  const copyCode = async (code: string) => {
    if (await copyText(code)) setCopied(true);
  };

  return (
    <div className="kite-oauth">
      <label className="kite-inline-field">
        <span>Grant</span>
        <select className="kite-select" aria-label="OAuth 2.0 grant" value={grant} onChange={(event) => set({ grant: event.target.value as OAuthGrant })}>
          {OAUTH_GRANTS.map((item) => (
            <option key={item} value={item}>
              {GRANT_LABELS[item][0].toUpperCase() + GRANT_LABELS[item].slice(1)}
            </option>
          ))}
        </select>
      </label>
      {grant === 'password' && <p className="kite-empty-note">The password grant is legacy (OAuth 2.0 Security BCP): use it only for servers that offer nothing else.</p>}
      {grant === 'authorization_code' && (
        <label className="kite-inline-field">
          <span>Authorization URL</span>
          <TextField value={auth.authorizationUrl ?? ''} onValue={(authorizationUrl) => set({ authorizationUrl })} placeholder="https://…/authorize" aria-label="Authorization URL" />
        </label>
      )}
      {grant === 'device_code' && (
        <label className="kite-inline-field">
          <span>Device authorization URL</span>
          <TextField value={auth.authorizationUrl ?? ''} onValue={(authorizationUrl) => set({ authorizationUrl })} placeholder="https://…/device/auth" aria-label="Device authorization URL" />
        </label>
      )}
      <label className="kite-inline-field">
        <span>Token URL</span>
        <TextField value={auth.tokenUrl ?? ''} onValue={(tokenUrl) => set({ tokenUrl })} placeholder="https://…/token" aria-label="Token URL" />
      </label>
      <label className="kite-inline-field">
        <span>Client ID</span>
        <TextField value={auth.clientId ?? ''} onValue={(clientId) => set({ clientId })} aria-label="Client ID" />
      </label>
      <label className="kite-inline-field">
        <span>Client secret</span>
        <TextField value={auth.clientSecret ?? ''} onValue={(clientSecret) => set({ clientSecret })} placeholder="{{client_secret}} (a secret variable)" aria-label="Client secret" />
      </label>
      <label className="kite-inline-field">
        <span>Scope</span>
        <TextField value={auth.scope ?? ''} onValue={(scope) => set({ scope })} placeholder="read write" aria-label="Scope" />
      </label>
      {grant === 'password' && <LoginFields auth={auth} set={set} />}
      <div className="kite-oauth-token" role="status" aria-label="OAuth 2.0 token">
        {token ? (
          <span>
            Access token <code>{tokenPreview(token.accessToken)}</code> · {expiryText(token, now)}
            {token.scope ? ` · scopes: ${token.scope}` : ''}
            {token.refreshToken ? ' · refreshable' : ''}
          </span>
        ) : (
          <span className="kite-muted">No access token in this environment yet.</span>
        )}
      </div>
      {failure && (
        <p className="kite-oauth-error" role="alert">
          {failure}
        </p>
      )}
      {device?.signIn && (
        <div className="kite-oauth-device" role="group" aria-label="Device sign-in">
          <span>
            Open{' '}
            <a href={device.signIn.verificationUriComplete ?? device.signIn.verificationUri} target="_blank" rel="noreferrer">
              {device.signIn.verificationUri}
            </a>{' '}
            and enter the code <code className="kite-oauth-user-code">{device.signIn.userCode}</code>
          </span>
          <button type="button" className="kite-button kite-button-ghost" onClick={() => void copyCode(device.signIn!.userCode)}>
            {copied ? 'Copied' : 'Copy code'}
          </button>
          <span className="kite-muted">Waiting for the sign-in…</span>
        </div>
      )}
      <div className="kite-oauth-actions">
        <button type="button" className="kite-button" disabled={busy} onClick={() => void getToken()}>
          {busy ? 'Getting a token…' : 'Get new access token'}
        </button>
        {device && (
          <button type="button" className="kite-button kite-button-ghost" onClick={() => device.cancel.abort()}>
            Cancel
          </button>
        )}
        {token && (
          <button type="button" className="kite-button kite-button-ghost" onClick={() => forgetToken(store, resolved)}>
            Forget token
          </button>
        )}
      </div>
      <p className="kite-empty-note">The token is kept in this browser only, per environment; never in a saved file or a link. Put the client secret in a secret variable.</p>
    </div>
  );
}
