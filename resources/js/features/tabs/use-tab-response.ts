// The tab on screen shows its last response from history when it has none in memory: after a
// reload, and when a tab opened from a history entry comes up. Read once per entry; a request of
// the tab's own that starts meanwhile wins.
import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import type { HistoryState } from '../history/history';
import { activeTabAtom, shownCallAtom, tabCallAtom } from './tab-atoms';

export function useTabResponse(history: HistoryState): void {
  const store = useStore();
  const tab = useAtomValue(activeTabAtom);
  const call = useAtomValue(shownCallAtom);
  const entryId = tab.historyId;
  const wanted = history.loaded && entryId !== null && call.entryId !== entryId && call.controller === null;
  useEffect(() => {
    if (!wanted || !entryId) return;
    const target = tabCallAtom(tab.id);
    store.set(target, (previous) => ({ ...previous, entryId }));
    const entry = history.entries.find((item) => item.id === entryId);
    if (!entry) return;
    void history.response(entry).then((response) => {
      const now = store.get(target);
      if (now.entryId === entryId && now.controller === null) store.set(target, { ...now, response });
    });
  }, [wanted, entryId, tab.id, history, store]);
}
