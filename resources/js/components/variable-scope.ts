// The `{{variable}}` values the shared fields mark (TextField). The workspace owns them; the screen
// that composes the fields provides them (app/client-screen/VariableScopeProvider.tsx), so
// components/ import no feature. Outside a provider nothing resolves and every variable shows red.
import { createContext } from 'react';
import { EMPTY_SCOPE, type VariableScope } from '../model/workspace/variables';

export const VariableScopeContext = createContext<VariableScope>(EMPTY_SCOPE);
