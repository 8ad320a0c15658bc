import { describe, expect, it } from 'vitest';
import { holdUntilApplied, registerPendingEdit, settlePendingEdits } from './pending-edits';

describe('pending edits', () => {
  it('settling waits for an edit on its way, then flushes held-back text', async () => {
    const order: string[] = [];
    const unregister = registerPendingEdit(() => order.push('flush'));
    let land!: () => void;
    void holdUntilApplied(new Promise<void>((resolve) => (land = resolve)).then(() => void order.push('auto-fill')));
    const settled = settlePendingEdits().then(() => order.push('send'));
    await Promise.resolve();
    expect(order).toEqual([]);
    land();
    await settled;
    expect(order).toEqual(['auto-fill', 'flush', 'send']);
    unregister();
  });

  it('a failed edit does not hold sending back', async () => {
    void holdUntilApplied(Promise.reject(new Error('chunk failed'))).catch(() => {});
    await expect(settlePendingEdits()).resolves.toBeUndefined();
  });
});
