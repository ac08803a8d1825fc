import { TextField, type TextFieldProps } from './text-field';

/** The account's own password, asked for to confirm a change (the browser's saved password). */
export function CurrentPasswordField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return (
    <TextField
      label="Password"
      type="password"
      required
      autoComplete="current-password"
      {...props}
    />
  );
}
