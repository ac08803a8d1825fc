import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';

type Field = 'reference' | 'remark' | 'override';
type Errors = Partial<Record<Field, string>>;

/**
 * The fields staff fill in to give a payment to an order (order reference, an override and its
 * reason, a remark), their errors from the shared schema, and the body once it is valid: one form
 * for assigning a listed payment and for moving a credited one.
 */
export function useAssignmentForm() {
  const [reference, setReference] = useState('');
  const [remark, setRemark] = useState('');
  const [overriding, setOverriding] = useState(false);
  const [override, setOverride] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const clear = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));
  // After a refused confirm, focus goes to the first field in error, as in every other form.
  const [refusals, setRefusals] = useState(0);
  const referenceRef = useRef<HTMLInputElement>(null);
  const overrideRef = useRef<HTMLTextAreaElement>(null);
  const remarkRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (refusals === 0) return;
    const order = [
      ['reference', referenceRef],
      ['override', overrideRef],
      ['remark', remarkRef],
    ] as const;
    order.find(([field, ref]) => errors[field] && ref.current)?.[1].current?.focus();
    // Only on a new refusal: typing (which clears an error) must not move focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusals]);

  return {
    reference,

    /** Fills the order reference with a candidate staff picked from the list. */
    chooseReference(value: string) {
      setReference(value);
      clear('reference');
    },

    reset() {
      setReference('');
      setRemark('');
      setOverriding(false);
      setOverride('');
      setErrors({});
    },

    /** The body `schema` makes of the fields, or null with the errors shown under them. */
    parse<T>(schema: z.ZodType<T>, fields: { reference: boolean }): T | null {
      const withOverride = fields.reference && overriding;
      // One thought, one box: an override's reason is also the remark unless staff add one.
      const reasonIsRemark = withOverride && !remark.trim();
      const parsed = schema.safeParse({
        remark: reasonIsRemark ? override : remark,
        ...(fields.reference ? { reference } : {}),
        ...(withOverride ? { override } : {}),
      });
      if (parsed.success) return parsed.data;
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'remark' && reasonIsRemark) continue;
        if ((field === 'reference' || field === 'remark' || field === 'override') && !found[field])
          found[field] = issue.message;
      }
      setErrors(found);
      setRefusals((n) => n + 1);
      return null;
    },

    referenceField: (
      <TextField
        label="Order reference"
        required
        autoComplete="off"
        spellCheck={false}
        placeholder="TMC-…"
        ref={referenceRef}
        value={reference}
        error={errors.reference}
        onChange={(event) => {
          setReference(event.target.value);
          clear('reference');
        }}
      />
    ),

    overrideFields: (
      <>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={overriding}
            onChange={(event) => setOverriding(event.target.checked)}
          />
          Credit the whole order although the transfer is less than due (override)
        </label>
        {overriding ? (
          <TextArea
            label="Reason for the override"
            required
            maxLength={500}
            ref={overrideRef}
            value={override}
            error={errors.override}
            onChange={(event) => {
              setOverride(event.target.value);
              clear('override');
            }}
          />
        ) : null}
      </>
    ),

    remarkField: (
      <TextArea
        label={overriding ? 'Remark (optional)' : 'Remark'}
        required={!overriding}
        hint={overriding ? 'Left empty, the reason for the override is the remark.' : undefined}
        maxLength={500}
        ref={remarkRef}
        value={remark}
        error={errors.remark}
        onChange={(event) => {
          setRemark(event.target.value);
          clear('remark');
        }}
      />
    ),
  };
}
