import { describe, expect, it } from 'vitest';
import type { TraceNotUndone } from '../../../protocol/types';
import { notUndoneDetails, notUndoneSummary } from './not-undone';

const nothing: TraceNotUndone = { lostTransactions: [], files: [], cache: [], outgoingRequests: 0, listeners: [], syncJobs: [] };

describe('what transaction mode did not undo, in words', () => {
  it('says nothing when nothing escaped', () => {
    expect(notUndoneSummary(nothing)).toBeNull();
    expect(notUndoneDetails(nothing)).toEqual([]);
  });

  it('counts a file written and an outgoing request as the issue words it', () => {
    const notUndone = { ...nothing, files: [{ disk: 'local', path: 'reports/a.txt', operation: 'write' as const }], outgoingRequests: 1 };
    expect(notUndoneSummary(notUndone)).toBe('not undone: 1 file written, 1 outgoing request');
    expect(notUndoneDetails(notUndone)).toEqual(['file write: local:reports/a.txt', '1 outgoing request sent']);
  });

  it('names a lost transaction first, then files deleted apart from written, cache writes, listeners and jobs that ran', () => {
    const notUndone: TraceNotUndone = {
      lostTransactions: [{ connection: 'sqlite', message: 'The app ended the transaction itself' }],
      files: [
        { disk: 'local', path: 'a', operation: 'write' },
        { disk: 'local', path: 'b', operation: 'move' },
        { disk: 's3', path: 'c', operation: 'delete' },
      ],
      cache: [{ key: 'k', operation: 'write' }, { key: 'old', operation: 'forget' }],
      outgoingRequests: 2,
      listeners: [{ event: 'App\\Events\\Placed', listeners: 2 }, { event: 'eloquent.created: App\\Models\\User', listeners: 1 }],
      syncJobs: ['App\\Jobs\\Now'],
    };
    expect(notUndoneSummary(notUndone)).toBe(
      'not undone: 1 lost transaction (its writes persisted), 2 files written, 1 file deleted, 2 cache writes, 2 outgoing requests, 3 event listeners ran, 1 job ran in the request',
    );
    expect(notUndoneDetails(notUndone)).toContain('database "sqlite": The app ended the transaction itself');
    expect(notUndoneDetails(notUndone)).toContain('cache forget: old');
    expect(notUndoneDetails(notUndone)).toContain('2 listeners of App\\Events\\Placed ran');
    expect(notUndoneDetails(notUndone)).toContain('job App\\Jobs\\Now ran in the request');
  });
});
