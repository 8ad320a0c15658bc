// Status: what the host reports about itself, its applications and routes it could not read.
import { RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import type { StatusResponse } from '../../../../protocol/types';
import { BUNDLE_VERSION, kiteConfig } from '../../lib/config';
import { fetchStatus } from '../../lib/http/client';
import { CodeSpans } from '../../components/CodeSpans';

type Load = { state: 'loading' } | { state: 'ready'; status: StatusResponse } | { state: 'failed'; message: string };

export default function StatusScreen() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const apply = useCallback((promise: Promise<StatusResponse>) => {
    promise.then(
      (status) => setLoad({ state: 'ready', status }),
      (error: unknown) => setLoad({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return promise;
  }, []);

  useEffect(() => {
    apply(fetchStatus()).catch(() => {});
  }, [apply]);

  const refresh = () => {
    toast.promise(apply(fetchStatus()), {
      loading: 'Refreshing status…',
      success: 'Status refreshed',
      error: 'Could not refresh the status',
    });
  };

  return (
    <main className="kite-screen">
      <div className="kite-page">
        <header className="kite-settings-header">
          <div>
            <h1>Status</h1>
            <p className="kite-muted">What the host serving Kite reports.</p>
          </div>
          <button type="button" className="kite-button" onClick={refresh}>
            <RefreshCw size={14} aria-hidden="true" /> Refresh
          </button>
        </header>
        {load.state === 'loading' && <p className="kite-muted" role="status">Loading status…</p>}
        {load.state === 'failed' && (
          <p className="kite-error-text" role="alert">
            The host did not report its status: {load.message}
          </p>
        )}
        {load.state === 'ready' && <StatusReport status={load.status} />}
      </div>
    </main>
  );
}

function StatusReport({ status }: { status: StatusResponse }) {
  const problems = status.applications.flatMap((app) => app.extractionErrors.map((error) => ({ app: app.name, ...error })));
  return (
    <>
      <dl className="kite-status-grid">
        <Stat label="Host" value={`${status.host.kind} ${status.host.version}`} />
        <Stat label="Environment" value={status.environment} />
        <Stat label="Bundle on the host" value={status.bundleVersion} />
        <Stat label="Bundle in this page" value={BUNDLE_VERSION} />
        <Stat label="Page config version" value={kiteConfig.version} />
        <Stat label="Routes" value={String(status.applications.reduce((sum, app) => sum + app.routeCount, 0))} />
      </dl>
      <section className="kite-card kite-settings-section" aria-labelledby="status-applications">
        <h2 id="status-applications">Applications</h2>
        <table className="kite-table">
          <thead>
            <tr><th>Name</th><th>Base URL</th><th>Routes</th><th>Unreadable schemas</th></tr>
          </thead>
          <tbody>
            {status.applications.map((app) => (
              <tr key={app.id}>
                <td>{app.name}</td>
                <td className="kite-mono">{app.baseUrl}</td>
                <td>{app.routeCount}</td>
                <td>{app.extractionErrors.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="kite-card kite-settings-section" aria-labelledby="status-extraction">
        <h2 id="status-extraction">Routes whose schema could not be extracted</h2>
        {problems.length === 0 ? (
          <p className="kite-muted">Every route's schema was read.</p>
        ) : (
          <table className="kite-table kite-status-problems">
            <thead>
              <tr><th>Route</th><th>Why</th><th>Fix</th><th>Where</th></tr>
            </thead>
            <tbody>
              {problems.map((problem, index) => (
                <tr key={`${problem.route}-${index}`} id={`route-${encodeURIComponent(problem.route)}`}>
                  <td className="kite-mono">{problem.route}</td>
                  <td>{problem.message}</td>
                  <td>{problem.fix ? <CodeSpans text={problem.fix} /> : '—'}</td>
                  <td className="kite-mono">{problem.location ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="kite-card kite-stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
