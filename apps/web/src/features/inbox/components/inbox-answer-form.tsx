import { useState, type ReactNode } from 'react';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';

type InboxAnswerFormProps = {
  /** "Drafted answer", or "Your answer" for "Reply yourself". */
  label: string;
  initialText: string;
  isSending: boolean;
  /** The server's refusal (too long for the platform, already answered), shown on the field. */
  error?: string;
  onSend: (text: string) => void;
  onCancel?: () => void;
  /** The other actions on a draft (Regenerate, Ignore, Block author), beside Send. */
  children?: ReactNode;
};

/** An answer a person can edit and send: the agent's draft ("Send"), or their own words ("Reply yourself"). */
export const InboxAnswerForm = ({
  label,
  initialText,
  isSending,
  error,
  onSend,
  onCancel,
  children,
}: InboxAnswerFormProps) => {
  const [text, setText] = useState(initialText);
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSend(text);
      }}
    >
      <TextareaField
        label={label}
        rows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={error}
        required
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClasses('primary', 'px-3 py-1.5')} disabled={isSending || !text.trim()}>
          {isSending ? 'Sending…' : 'Send'}
        </button>
        {onCancel && (
          <button type="button" className={buttonClasses('ghost', 'px-3 py-1.5')} onClick={onCancel}>
            Cancel
          </button>
        )}
        {children}
      </div>
    </form>
  );
};
