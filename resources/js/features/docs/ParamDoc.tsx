// A parameter's documentation under its row in the Params and Headers tabs: type, required mark,
// limits, description (as text, see RichText), allowed values and example. A value or the example
// is a button that puts it in the row. Its own lazy chunk, loaded when a documented row first shows.
import '../../../css/param-doc.lazy.css';
import type { RouteInfo } from '../../../../protocol/types';
import { MAX_VALUES_SHOWN, type ParameterPlace, parameterDoc } from './parameter-docs';
import { RichText } from './RichText';

export interface ParamDocProps {
  route: RouteInfo;
  place: ParameterPlace;
  /** The row's name: the parameter the route documents under it. */
  name: string;
  /** The id the row's value input names in aria-describedby. */
  id: string;
  /** The row's value now: the allowed value it equals is shown pressed. */
  value: string;
  onPick: (value: string) => void;
}

export default function ParamDoc({ route, place, name, id, value, onPick }: ParamDocProps) {
  const doc = parameterDoc(route, place, name);
  if (!doc) return null;
  const shown = doc.values.slice(0, MAX_VALUES_SHOWN);
  return (
    <div className="kite-param-doc" role="note" aria-label={`About ${doc.name}`}>
      {/* What the row's value input is described by: the docs' text, not the note's label. */}
      <span id={id} className="kite-param-doc-text">
      <span className="kite-param-type kite-mono">{doc.type}</span>
      {doc.required && <span className="kite-param-required">required</span>}
      {doc.limits.map((limit) => (
        <span key={limit} className="kite-param-limit">
          {limit}
        </span>
      ))}
      <RichText source={doc.description} inline />
      {shown.length > 0 && (
        <span className="kite-param-values" role="group" aria-label={`Values of ${doc.name}`}>
          <span className="kite-param-label">one of</span>
          {shown.map((option) => (
            <button key={option} type="button" className="kite-param-value kite-mono" aria-pressed={option === value} title={`Use ${option}`} onClick={() => onPick(option)}>
              {option}
            </button>
          ))}
          {doc.values.length > shown.length && <span className="kite-param-label">and {doc.values.length - shown.length} more</span>}
        </span>
      )}
      {doc.example !== undefined && (
        <span className="kite-param-values">
          <span className="kite-param-label">example</span>
          <button type="button" className="kite-param-value kite-mono" title={`Use the example ${doc.example}`} onClick={() => onPick(doc.example!)}>
            {doc.example}
          </button>
        </span>
      )}
      </span>
    </div>
  );
}
