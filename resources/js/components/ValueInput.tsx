// The value input every value field of the app uses: a plain <input> (all props pass through,
// React-controlled or not) with a small 'Generate value' button that opens the generator palette
// for it. The palette writes through the native setter and an `input` event, so onChange fires.
import { Sparkles } from 'lucide-react';
import { useCallback, useRef, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { openGeneratorPalette, type ValueInputElement } from '../lib/palette-command';

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

function useMergedRef<T extends ValueInputElement>(outer: Ref<T> | undefined) {
  const inner = useRef<T | null>(null);
  const setRef = useCallback(
    (node: T | null) => {
      inner.current = node;
      assignRef(outer, node);
    },
    [outer],
  );
  return [inner, setRef] as const;
}

function GenerateButton({ target, disabled }: { target: { current: ValueInputElement | null }; disabled?: boolean }) {
  return (
    <button
      type="button"
      className="kite-value-input-generate"
      aria-label="Generate value"
      title="Generate value (Shift Shift)"
      disabled={disabled}
      // Keep the caret and selection of the input: the palette writes where they are.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        if (target.current) openGeneratorPalette({ input: target.current, method: 'button' });
      }}
    >
      <Sparkles size={14} aria-hidden="true" />
    </button>
  );
}

export interface ValueInputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
  /** Class of the wrapper around the input and its button. */
  wrapperClassName?: string;
  /** Drawn behind the input's text (variable marks); the input's background turns transparent. */
  backdrop?: ReactNode;
}

export function ValueInput({ ref, className, wrapperClassName, backdrop, ...props }: ValueInputProps) {
  const [inner, setRef] = useMergedRef<HTMLInputElement>(ref);
  return (
    <span className={['kite-value-input', wrapperClassName].filter(Boolean).join(' ')} data-backdrop={backdrop ? '' : undefined}>
      {backdrop}
      <input ref={setRef} className={['kite-input', className].filter(Boolean).join(' ')} {...props} />
      <GenerateButton target={inner} disabled={props.disabled || props.readOnly} />
    </span>
  );
}

export interface ValueTextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
  wrapperClassName?: string;
}

export function ValueTextarea({ ref, className, wrapperClassName, ...props }: ValueTextareaProps) {
  const [inner, setRef] = useMergedRef<HTMLTextAreaElement>(ref);
  return (
    <span className={['kite-value-input', 'kite-value-input-multiline', wrapperClassName].filter(Boolean).join(' ')}>
      <textarea ref={setRef} className={['kite-textarea', className].filter(Boolean).join(' ')} {...props} />
      <GenerateButton target={inner} disabled={props.disabled || props.readOnly} />
    </span>
  );
}
