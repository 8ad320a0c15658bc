// Cookies tab: each Set-Cookie parsed by the host, with its attributes, raw line and, behind a
// toggle, the value the host decrypted (masked where the host kept a secret-looking one back).
import { useState } from 'react';
import type { RelayCookie } from '../../../../protocol/types';

/** How a cookie the host could decrypt but kept back is shown (RelayCookie.decryptedMasked). */
const MASKED = '******** (masked: the name looks secret)';

export function ResponseCookies({ cookies }: { cookies: RelayCookie[] }) {
  const [showDecrypted, setShowDecrypted] = useState(true);
  if (cookies.length === 0) return <p className="kite-response-empty">The response sets no cookies.</p>;
  const decryptable = cookies.some((cookie) => cookie.decryptedValue !== undefined || cookie.decryptedMasked);
  return (
    <div className="kite-response-table-wrap">
      {decryptable ? (
        <label className="kite-response-decrypt-toggle">
          <input type="checkbox" checked={showDecrypted} onChange={(event) => setShowDecrypted(event.target.checked)} /> Show decrypted values
        </label>
      ) : null}
      <table className="kite-response-table" aria-label="Response cookies">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col">Attributes</th>
          </tr>
        </thead>
        <tbody>
          {cookies.map((cookie, index) => (
            <tr key={`${index}:${cookie.name}`}>
              <td className="kite-response-key">{cookie.name}</td>
              <td className="kite-response-value">
                <div>{cookie.value}</div>
                {showDecrypted && (cookie.decryptedValue !== undefined || cookie.decryptedMasked) ? (
                  <div className="kite-response-decrypted">
                    <span className="kite-badge">Decrypted</span> <span>{cookie.decryptedValue ?? MASKED}</span>
                  </div>
                ) : null}
                <details className="kite-response-raw-cookie">
                  <summary>Raw</summary>
                  <code>{cookie.raw}</code>
                </details>
              </td>
              <td>
                <ul className="kite-response-attributes" aria-label={`Attributes of ${cookie.name}`}>
                  {Object.entries(cookie.attributes).map(([name, value]) => (
                    <li key={name} className="kite-badge">
                      {value === true ? name : `${name}=${value}`}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
