// Settings: edits the five preferences, shows when they differ from the defaults, resets them.
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { toast } from '../../lib/toast';
import type { AuthorizationType } from '../../../../protocol/types';
import { AUTHORIZATION_OPTIONS } from '../../model/request/authorization';
import { isPreferencesDirtyAtom, preferencesAtom, resetPreferencesAtom } from '../../lib/preferences/atoms';
import { MAX_HISTORY_LOGS_LIMIT, THEMES, type ThemePreference } from '../../lib/preferences/preferences';
import { AUTOMATIC_BODY_TYPE, BODY_TYPES } from '../../model/request/body-types';

const THEME_LABELS: Record<ThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };

export default function SettingsScreen() {
  const [preferences, setPreferences] = useAtom(preferencesAtom);
  const dirty = useAtomValue(isPreferencesDirtyAtom);
  const reset = useSetAtom(resetPreferencesAtom);
  const ids = { auth: useId(), body: useId(), history: useId(), refresh: useId(), historyError: useId() };
  const [historyDraft, setHistoryDraft] = useState<string | null>(null);

  const historyText = historyDraft ?? String(preferences.maxHistoryLogs);
  const historyValid = parseHistoryLimit(historyText) !== null;

  const onReset = () => {
    const previous = preferences;
    reset();
    setHistoryDraft(null);
    toast.success('Preferences reset to defaults', {
      action: { label: 'Undo', onClick: () => setPreferences(previous) },
    });
  };

  return (
    <main className="kite-screen">
      <div className="kite-page kite-settings">
        <header className="kite-settings-header">
          <div>
            <h1>Settings</h1>
            <p className="kite-muted">Saved in this browser only.</p>
          </div>
          <div className="kite-settings-actions">
            {dirty && <span className="kite-badge" data-testid="preferences-modified">Modified</span>}
            <button type="button" className="kite-button" onClick={onReset} disabled={!dirty}>
              Reset to defaults
            </button>
          </div>
        </header>

        <section className="kite-card kite-settings-section" aria-labelledby="settings-appearance">
          <h2 id="settings-appearance">Appearance</h2>
          <fieldset className="kite-field">
            <legend>Theme</legend>
            <div className="kite-segmented" role="radiogroup" aria-label="Theme">
              {THEMES.map((theme) => (
                <label key={theme} className="kite-segment" data-checked={preferences.theme === theme}>
                  <input
                    type="radio"
                    name="theme"
                    value={theme}
                    checked={preferences.theme === theme}
                    onChange={() => setPreferences({ theme })}
                  />
                  {THEME_LABELS[theme]}
                </label>
              ))}
            </div>
            <p className="kite-hint">System follows your operating system's setting, also while Kite is open.</p>
          </fieldset>
        </section>

        <section className="kite-card kite-settings-section" aria-labelledby="settings-requests">
          <h2 id="settings-requests">New requests</h2>
          <div className="kite-field">
            <label htmlFor={ids.auth}>Default authorization</label>
            <select
              id={ids.auth}
              className="kite-select"
              value={preferences.defaultAuthorizationType}
              onChange={(event) => setPreferences({ defaultAuthorizationType: event.target.value as AuthorizationType })}
            >
              <optgroup label="Special">
                {AUTHORIZATION_OPTIONS.filter((o) => o.group === 'special').map((o) => <option key={o.type} value={o.type}>{o.label}</option>)}
              </optgroup>
              <optgroup label="Traditional">
                {AUTHORIZATION_OPTIONS.filter((o) => o.group === 'traditional').map((o) => <option key={o.type} value={o.type}>{o.label}</option>)}
              </optgroup>
            </select>
          </div>
          <div className="kite-field">
            <label htmlFor={ids.body}>Default request body type</label>
            <select
              id={ids.body}
              className="kite-select"
              value={preferences.defaultRequestBodyType}
              onChange={(event) => setPreferences({ defaultRequestBodyType: Number(event.target.value) })}
            >
              <option value={AUTOMATIC_BODY_TYPE}>Automatic</option>
              {BODY_TYPES.map((type, index) => <option key={type.id} value={index}>{type.label}</option>)}
            </select>
            <p className="kite-hint">Automatic: JSON for methods with a body when the route has a body schema, none otherwise.</p>
          </div>
        </section>

        <section className="kite-card kite-settings-section" aria-labelledby="settings-data">
          <h2 id="settings-data">Routes and history</h2>
          <div className="kite-field kite-field-inline">
            <input
              id={ids.refresh}
              type="checkbox"
              role="switch"
              checked={preferences.autoRefreshRoutes}
              onChange={(event) => setPreferences({ autoRefreshRoutes: event.target.checked })}
            />
            <label htmlFor={ids.refresh}>Refresh routes automatically</label>
            <p className="kite-hint">When the window regains focus (at most every 10 s) and when the host reports a change.</p>
          </div>
          <div className="kite-field">
            <label htmlFor={ids.history}>History entries kept</label>
            <input
              id={ids.history}
              className="kite-input"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_HISTORY_LOGS_LIMIT}
              value={historyText}
              aria-invalid={!historyValid}
              aria-describedby={ids.historyError}
              onChange={(event) => {
                const text = event.target.value;
                setHistoryDraft(text);
                const value = parseHistoryLimit(text);
                if (value !== null) setPreferences({ maxHistoryLogs: value });
              }}
              onBlur={() => setHistoryDraft(null)}
            />
            <p id={ids.historyError} className={historyValid ? 'kite-hint' : 'kite-hint kite-error-text'}>
              {historyValid ? 'Older entries are dropped first.' : `Enter a whole number from 1 to ${MAX_HISTORY_LOGS_LIMIT}.`}
            </p>
          </div>
        </section>
      </div>
    </main>
  );
}

/** The history size typed in the field, or null unless it is a whole number from 1 to the limit. */
function parseHistoryLimit(text: string): number | null {
  const value = Number(text);
  return /^\d+$/.test(text) && value >= 1 && value <= MAX_HISTORY_LOGS_LIMIT ? value : null;
}
