import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RelayTrace, TraceDump } from '../../../../protocol/types';
import TraceView, { type TraceTreeProps } from './TraceView';

function Tree({ value, label }: TraceTreeProps) {
  return <pre aria-label={label}>{JSON.stringify(value)}</pre>;
}

const ddAnswer = (call: string): TraceDump[] => [{ value: { call }, file: 'app/Http/Controllers/TraceController.php', line: 40, isDd: true }];

afterEach(cleanup);

describe('the Trace tab of a dd() answer', () => {
  it("opens on this answer's own page once history places it after the tab's earlier dd() answers", () => {
    const first = ddAnswer('first-call');
    const second = ddAnswer('second-call');
    const trace: RelayTrace = { dumps: second };
    // Drawn while its call is held: history does not have it yet, so the tab's pages are the ones before it.
    const { rerender } = render(<TraceView trace={trace} Tree={Tree} ddPages={{ pages: [first], current: 0 }} />);
    // At the floor history has it, under the same dumps.
    rerender(<TraceView trace={trace} Tree={Tree} ddPages={{ pages: [first, second], current: 1 }} />);
    const dumps = screen.getByRole('region', { name: 'Dumps' });
    expect(within(dumps).getByText('Dump 2 of 2')).toBeTruthy();
    expect(within(dumps).getByLabelText(/^Dump 1 at/).textContent).toContain('second-call');
    expect((within(dumps).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dumps).getByRole('button', { name: 'Previous' }));
    expect(within(dumps).getByText('Dump 1 of 2')).toBeTruthy();
    expect(within(dumps).getByLabelText(/^Dump 1 at/).textContent).toContain('first-call');
    // Paging is the user's: the same pages drawn again keep the page they chose.
    rerender(<TraceView trace={trace} Tree={Tree} ddPages={{ pages: [first, second], current: 1 }} />);
    expect(within(dumps).getByText('Dump 1 of 2')).toBeTruthy();
  });
});
