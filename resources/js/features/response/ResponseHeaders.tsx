// Headers tab: every header in the order the target sent it, repeated ones kept.
export function ResponseHeaders({ headers }: { headers: Array<[string, string]> }) {
  if (headers.length === 0) return <p className="kite-response-empty">The response has no headers.</p>;
  return (
    <div className="kite-response-table-wrap">
      <table className="kite-response-table" aria-label="Response headers">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {headers.map(([name, value], index) => (
            <tr key={`${index}:${name}`}>
              <td className="kite-response-key">{name}</td>
              <td className="kite-response-value">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
