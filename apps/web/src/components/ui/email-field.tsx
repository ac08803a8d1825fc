import { TextField, type TextFieldProps } from './text-field';

/** The "Email" field of every form: an e-mail keyboard and the browser's saved address. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...props} />;
}
