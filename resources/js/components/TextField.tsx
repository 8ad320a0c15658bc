// Every value input of the client goes through here, so each one carries the generator palette's
// button (the shared ValueInput); the palette's writes arrive through onChange like typing.
import { type InputHTMLAttributes, type Ref, use } from 'react';
import { ValueInput } from './ValueInput';
import { VariableBackdrop, variableSummary } from './VariableBackdrop';
import { hasVariables } from '../model/workspace/variables';
import { VariableScopeContext } from './variable-scope';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  value: string;
  onValue: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
  /** Class of the wrapper (the flex item), when the layout needs one. */
  wrapperClassName?: string;
}

/** `{{variables}}` in the value are marked where typed (see VariableBackdrop); a password field is not. */
export function TextField({ value, onValue, ...rest }: TextFieldProps) {
  const scope = use(VariableScopeContext);
  const marked = rest.type !== 'password' && hasVariables(value);
  const summary = marked ? variableSummary(value, scope) : null;
  return (
    <ValueInput
      value={value}
      spellCheck={false}
      autoComplete="off"
      onChange={(event) => onValue(event.target.value)}
      title={summary?.title}
      data-unresolved={summary?.unresolved || undefined}
      backdrop={marked ? <VariableBackdrop text={value} scope={scope} /> : undefined}
      {...rest}
    />
  );
}
