// Cookies tab: each Set-Cookie parsed by the host, with its attributes, raw line and decrypted value.
import type { RelayCookie } from '../../../../../protocol/types';

export function ResponseCookies({ cookies }: { cookies: RelayCookie[] }) {
  if (cookies.length === 0) return <p className="kite-response-empty">The response sets no cookies.</p>;
  return (
    <div className="kite-response-table-wrap">
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
                {cookie.decryptedValue !== undefined ? (
                  <div className="kite-response-decrypted">
                    <span className="kite-badge">Decrypted</span> <span>{cookie.decryptedValue}</span>
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
