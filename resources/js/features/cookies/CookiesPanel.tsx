// The application's cookie jar: every cookie its responses set, with where it goes and until when;
// values can be edited, one cookie removed or all cleared.
import { useAtom } from 'jotai';
import { Trash2 } from 'lucide-react';
import { TextField } from '../../components/TextField';
import { cookieJarsAtom } from './cookie-atoms';
import { type JarCookie, sameCookie, withoutExpired } from '../../model/request/cookie-jar';

function describe(cookie: JarCookie): string {
  const where = `${cookie.hostOnly ? '' : '.'}${cookie.domain}${cookie.path}`;
  const until = cookie.expires === null ? 'session' : `until ${new Date(cookie.expires).toLocaleString()}`;
  const flags = [cookie.secure && 'Secure', cookie.httpOnly && 'HttpOnly', cookie.sameSite && `SameSite=${cookie.sameSite}`].filter(Boolean);
  return [where, until, ...flags].join(' · ');
}

export function CookiesPanel({ application }: { application: string }) {
  const [jars, change] = useAtom(cookieJarsAtom);
  const cookies = withoutExpired(jars[application] ?? []);
  const edit = (target: JarCookie, patch: Partial<JarCookie> | null) =>
    change(application, (jar) => jar.flatMap((cookie) => (sameCookie(cookie, target) ? (patch ? [{ ...cookie, ...patch }] : []) : [cookie])));
  return (
    <section>
      <h3 className="kite-section-title">Cookie jar</h3>
      <p className="kite-empty-note">
        Cookies the application's responses set are kept here and sent back on later calls to it (HttpOnly ones too); the None
        authorization sends none.
      </p>
      {cookies.length === 0 ? (
        <p className="kite-empty-note">No cookies yet.</p>
      ) : (
        <div className="kite-kv" role="group" aria-label="Cookies">
          {cookies.map((cookie) => (
            <div className="kite-cookie" key={`${cookie.name}|${cookie.domain}|${cookie.path}`}>
              <div className="kite-kv-row kite-cookie-row">
                <span className="kite-kv-static kite-mono" title={cookie.name}>
                  {cookie.name}
                </span>
                <TextField value={cookie.value} onValue={(value) => edit(cookie, { value })} aria-label={`Cookie ${cookie.name} value`} />
                <button type="button" className="kite-tool-button" aria-label={`Remove cookie ${cookie.name}`} title="Remove" onClick={() => edit(cookie, null)}>
                  <Trash2 size={14} aria-hidden="true" />
                </button>
              </div>
              <p className="kite-cookie-meta kite-muted">{describe(cookie)}</p>
            </div>
          ))}
          <button type="button" className="kite-button kite-add-row" data-variant="ghost" onClick={() => change(application, () => [])}>
            <Trash2 size={14} aria-hidden="true" /> Clear cookies
          </button>
        </div>
      )}
    </section>
  );
}
