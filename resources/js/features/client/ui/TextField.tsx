// Every value input of the client goes through here, so each carries the generator palette's
// button once the shared ValueInput is in place (resources/js/components/ValueInput.tsx).
import { type InputHTMLAttributes, forwardRef } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  value: string;
  onValue: (value: string) => void;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ value, onValue, className, ...rest }, ref) {
  return (
    <input
      ref={ref}
      className={`kite-input ${className ?? ''}`}
      value={value}
      spellCheck={false}
      autoComplete="off"
      onChange={(event) => onValue(event.target.value)}
      {...rest}
    />
  );
});
