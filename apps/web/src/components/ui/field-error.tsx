import { CircleAlert } from 'lucide-react';
import { errorIdOf } from '../../lib/use-field-errors';

/** The message under a field that failed validation; the field points at it by aria-describedby. */
export function FieldError({ fieldId, message }: { fieldId: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={errorIdOf(fieldId)} className="mt-2 flex items-start gap-1.5 text-sm text-red-400">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </p>
  );
}
