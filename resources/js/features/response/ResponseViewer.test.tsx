import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RelayResult } from '../../lib/http/relay-result';
import { ResponseViewer } from './ResponseViewer';

function jsonResult(body: unknown, overrides: Partial<RelayResult['meta']> = {}, receivedAt = Date.now()): RelayResult {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  return {
    meta: {
      status: 200,
      statusText: 'OK',
      headers: [['Content-Type', 'application/json']],
      cookies: [],
      bodySize: bytes.byteLength,
      bodyBytes: bytes.byteLength,
      truncated: false,
      url: 'http://127.0.0.1/demo/users',
      timing: { ttfbMs: 3, totalMs: 4 },
      ...overrides,
    },
    body: bytes.buffer,
    durationMs: 212,
    receivedAt,
  };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the response viewer', () => {
  it('mounts the first answer\'s frame while the call is held, and the answer fills that same frame', async () => {
    const { container, rerender } = render(<ResponseViewer result={null} failure={null} pending />);
    expect(screen.getByText('Sending request…')).toBeTruthy();
    const heldFrame = container.querySelector('.kite-response-frame');
    const heldBody = container.querySelector('.kite-body');
    // The rehearsal, staged: transparent (CSS opacity, response.lazy.css), inert and hidden from assistive technology.
    expect(heldFrame?.hasAttribute('data-staged')).toBe(true);
    expect(heldFrame?.hasAttribute('inert')).toBe(true);
    expect(heldFrame?.getAttribute('aria-hidden')).toBe('true');
    expect(heldBody).not.toBeNull();
    // The rehearsal is never announced nor reached: none of its tabs, buttons or body is exposed.
    await vi.waitFor(() => expect(heldBody?.textContent).toContain('"kite"'));
    expect(screen.queryAllByRole('tab')).toHaveLength(0);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Pretty body' })).toBeNull();
    // The answer received during the hold fills the same frame, still staged and hidden from
    // assistive technology, but no longer inert: the floor then changes nothing its elements inherit.
    const answer = jsonResult({ name: 'Ada' });
    rerender(<ResponseViewer result={null} failure={null} pending prepared={{ result: answer, sent: { method: 'GET', url: '/users' } }} />);
    expect(container.querySelector('.kite-response-frame')).toBe(heldFrame);
    expect(heldFrame?.hasAttribute('data-staged')).toBe(true);
    expect(heldFrame?.getAttribute('aria-hidden')).toBe('true');
    expect(heldFrame?.hasAttribute('inert')).toBe(false);
    rerender(<ResponseViewer result={answer} failure={null} pending={false} />);
    expect(screen.queryByText('Sending request…')).toBeNull();
    expect(container.querySelector('.kite-response-frame')).toBe(heldFrame);
    expect(container.querySelector('.kite-body')).toBe(heldBody);
    expect(heldFrame?.hasAttribute('data-staged')).toBe(false);
    expect(heldFrame?.hasAttribute('inert')).toBe(false);
    expect(heldFrame?.hasAttribute('aria-hidden')).toBe(false);
    const body = await screen.findByRole('region', { name: 'Pretty body' });
    await vi.waitFor(() => expect(body.textContent).toContain('"name": "Ada"'));
    expect(body.textContent).not.toContain('kite');
  });

  it("draws its rows' fold and value buttons without an SVG of their own (a 1 KB body has dozens of rows)", async () => {
    render(<ResponseViewer result={jsonResult({ users: [{ id: 1, name: 'Ada' }, { id: 2, name: 'Grace' }] })} failure={null} pending={false} />);
    const body = await screen.findByRole('region', { name: 'Pretty body' });
    await vi.waitFor(() => expect(body.textContent).toContain('"Grace"'));
    expect(within(body).getAllByRole('button', { name: /^Fold line/ }).length).toBeGreaterThan(2);
    expect(within(body).getAllByRole('button', { name: 'Set as variable…' }).length).toBeGreaterThan(2);
    expect(within(body).getAllByRole('button', { name: 'Add assertion' }).length).toBeGreaterThan(2);
    expect(body.querySelectorAll('svg')).toHaveLength(0);
  });

  it('shows the status coloured by its class, the time and size, and the pretty body', async () => {
    render(<ResponseViewer result={jsonResult({ name: 'Ada' })} failure={null} pending={false} />);
    expect(screen.getByText('200').closest('[data-status-class]')?.getAttribute('data-status-class')).toBe('success');
    expect(screen.getByText('212 ms')).toBeTruthy();
    expect(screen.getByText('14 B')).toBeTruthy();
    const body = await screen.findByRole('region', { name: 'Pretty body' });
    await vi.waitFor(() => expect(body.textContent).toContain('"name": "Ada"'));
  });

  it('says when the response arrived and keeps that current', () => {
    vi.useFakeTimers();
    const now = Date.now();
    render(<ResponseViewer result={jsonResult({}, {}, now)} failure={null} pending={false} />);
    expect(screen.getByText('just now')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    expect(screen.getByText('1 minute ago')).toBeTruthy();
    // The exact local time shows on hover.
    const time = screen.getByText('1 minute ago');
    fireEvent.pointerEnter(time);
    expect(time.getAttribute('title')).toBe(new Date(now).toLocaleString());
  });

  it('warns that a body was truncated and gives the full size', () => {
    render(<ResponseViewer result={jsonResult([1], { truncated: true, bodySize: 300 * 1024 * 1024 })} failure={null} pending={false} />);
    expect(screen.getByRole('note').textContent).toMatch(/Truncated: showing 3 B of 300 MB \(314,572,800 bytes\)/);
  });

  it('lists cookies with their attributes, raw line and the value the host decrypted', () => {
    const result = jsonResult({}, {
      cookies: [
        {
          name: 'laravel_session',
          value: 'eyJpdiI6',
          decryptedValue: 'session-id-42',
          attributes: { Path: '/', HttpOnly: true },
          raw: 'laravel_session=eyJpdiI6; Path=/; HttpOnly',
        },
      ],
    });
    render(<ResponseViewer result={result} failure={null} pending={false} />);
    fireEvent.click(screen.getByRole('tab', { name: /Cookies/ }));
    const row = within(screen.getByRole('table', { name: 'Response cookies' })).getByRole('row', { name: /laravel_session/ });
    expect(row.textContent).toContain('eyJpdiI6');
    expect(within(row).getByText('Decrypted').nextElementSibling?.textContent).toBe('session-id-42');
    expect(within(row).getByRole('list', { name: 'Attributes of laravel_session' }).textContent).toBe('Path=/HttpOnly');
    expect(row.textContent).toContain('laravel_session=eyJpdiI6; Path=/; HttpOnly');
  });

  it('shows a failure with the host message, its code and status', () => {
    render(
      <ResponseViewer
        result={null}
        failure={{ status: 504, code: 'TARGET_TIMEOUT', message: 'The target did not answer within 30000 ms' }}
        pending={false}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('504');
    expect(alert.textContent).toContain('TARGET_TIMEOUT');
    expect(alert.textContent).toContain('The target did not answer within 30000 ms');
  });

  it('shows that a request is on its way', () => {
    render(<ResponseViewer result={null} failure={null} pending />);
    expect(screen.getByRole('progressbar', { name: 'Sending request' })).toBeTruthy();
    expect(screen.getByText('Sending request…')).toBeTruthy();
  });
});
