// Composes "Send as…" (features/send-as, a lazy chunk) for the main screen: it hands the dialog the
// send's relay parts, the impersonation picker's user search, and Compare with…'s diff view for a
// matrix cell against the first answer; the identity list it edits is kept with the request.
import { useSetAtom } from 'jotai';
import { lazy, Suspense } from 'react';
import type { RelayParts } from '../../model/send-as/identity';
import type { RequestState } from '../../model/request/request-state';
import { finalUrl } from '../../model/request/url';
import { updateRequestAtom } from '../tabs/tabs';
import { loadCompareDialog } from '../diff/diff';
import { loadDataPicker } from '../data/data';

const SendAsDialog = lazy(() => import('../send-as/send-as'));
const CompareDialog = lazy(() => loadCompareDialog());
const UserPicker = lazy(() => loadDataPicker().then((chunk) => ({ default: chunk.UserPicker })));

/** Guest and the logged-in user: the first question of "who can do this". */
const STARTING_IDENTITIES: RequestState['identities'] = [{ kind: 'guest' }, { kind: 'current-user' }];

export function SendAsLauncher({ state, baseUrl, prepare, onClose }: { state: RequestState; baseUrl: string; prepare: () => Promise<RelayParts>; onClose: () => void }) {
  const update = useSetAtom(updateRequestAtom);
  return (
    <Suspense fallback={null}>
      <SendAsDialog
        initial={state.identities.length > 0 ? state.identities : STARTING_IDENTITIES}
        prepare={prepare}
        sentUrl={() => finalUrl(baseUrl, state.url, state.pathParams, state.query)}
        userPicker={(onPick) => (
          <Suspense fallback={null}>
            <UserPicker onPick={onPick} />
          </Suspense>
        )}
        renderCompare={(first, other, close) => (
          <Suspense fallback={null}>
            <CompareDialog current={other} against={first} onClose={close} />
          </Suspense>
        )}
        onIdentities={(identities) => update({ identities })}
        onClose={onClose}
      />
    </Suspense>
  );
}
