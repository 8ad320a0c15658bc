// Every value input of the client goes through here, so each one carries the generator palette's
// button (the shared ValueInput); the palette's writes arrive through onChange like typing.
import type { InputHTMLAttributes, Ref } from 'react';
import { ValueInput } from '../../../components/ValueInput';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  value: string;
  onValue: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
  /** Class of the wrapper (the flex item), when the layout needs one. */
  wrapperClassName?: string;
}

export function TextField({ value, onValue, ...rest }: TextFieldProps) {
  return <ValueInput value={value} spellCheck={false} autoComplete="off" onChange={(event) => onValue(event.target.value)} {...rest} />;
}
