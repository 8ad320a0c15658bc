import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

let broken = false;
let mounts = 0;
function Flaky() {
  if (broken) {
    throw new Error("Cannot read properties of undefined (reading 'replace')");
  }
  mounts += 1;
  return <p>History list</p>;
}

describe('a pane that fails', () => {
  it('shows what failed and comes back with Try again, leaving its neighbours alone', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    broken = true;
    mounts = 0;
    render(
      <>
        <ErrorBoundary name="History">
          <Flaky />
        </ErrorBoundary>
        <input aria-label="URL" defaultValue="/demo/users" />
      </>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('History could not be shown.');
    expect(alert.textContent).toContain("Cannot read properties of undefined (reading 'replace')");
    expect((screen.getByRole('textbox', { name: 'URL' }) as HTMLInputElement).value).toBe('/demo/users');

    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('History list')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(mounts).toBe(1);
  });
});
