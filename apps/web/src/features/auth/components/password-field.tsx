import { useState } from 'react';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field';

/** A password input with a Show/Hide toggle, handy on phones. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'endAdornment'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          className="min-h-9 rounded-full px-2.5 text-xs font-bold text-muted uppercase hover:bg-surface-3 hover:text-fg"
        >
          {visible ? 'Hide' : 'Show'}
          <span className="sr-only"> password</span>
        </button>
      }
    />
  );
}
