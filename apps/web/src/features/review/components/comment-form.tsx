import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { DRAFT_COMMENT_MESSAGES, MAX_DRAFT_COMMENT_LENGTH } from '@agentcast/contracts/drafts';
import { sessionQueryOptions } from '../../../api/session.ts';
import { describedByIds, FieldMessage, inputClasses } from '../../../components/ui/field-message.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { useCommentOnDraft } from '../api/comment-on-draft.ts';
import { useMentionableMembers } from '../api/mentionable-members.ts';
import { useMentionPicker } from '../lib/use-mention-picker.ts';
import { MentionListbox, mentionOptionId } from './mention-listbox.tsx';

const HINT = 'Type @ and a name to notify a member by e-mail.';

/**
 * A member's comment on a draft (issue 36 §5): typing `@` offers the workspace's other members, and the one chosen
 * is written in as `@Name`, which e-mails them. What was typed stays in the field until the server has it.
 */
export const CommentForm = ({ draftId }: { draftId: string }) => {
  const fieldId = useId();
  const listboxId = `${fieldId}-members`;
  const field = useRef<HTMLTextAreaElement>(null);
  const [body, setBody] = useState('');
  const [isBlank, setIsBlank] = useState(false);
  const [wasUsed, setWasUsed] = useState(false);
  // Who is writing, so that they are not offered themselves: the page has read it already.
  const session = useQuery({ ...sessionQueryOptions(), enabled: wasUsed });
  const members = useMentionableMembers(wasUsed);
  const others = (members.data ?? []).filter((member) => member.user_id !== session.data?.user.id);
  const comment = useCommentOnDraft(draftId);
  const picker = useMentionPicker({ text: body, onTextChange: setBody, field, members: others });
  const fieldError = isBlank ? DRAFT_COMMENT_MESSAGES.empty : undefined;

  const send = () => {
    if (body.trim() === '') return setIsBlank(true);
    comment.mutate(body, { onSuccess: () => setBody('') });
  };

  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-200">
        Comment
      </label>
      <div className="relative">
        <textarea
          id={fieldId}
          ref={field}
          rows={2}
          value={body}
          maxLength={MAX_DRAFT_COMMENT_LENGTH}
          // Not disabled while it is sent: the field keeps the focus, to write the next one.
          readOnly={comment.isPending}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={describedByIds(fieldId, { hint: HINT, error: fieldError })}
          aria-autocomplete="list"
          aria-controls={picker.isOpen ? listboxId : undefined}
          aria-activedescendant={picker.isOpen ? mentionOptionId(listboxId, picker.active) : undefined}
          className={`${inputClasses(Boolean(fieldError))} resize-y text-sm`}
          onChange={(event) => {
            setIsBlank(false);
            picker.fieldHandlers.onChange(event.target.value, event.target);
          }}
          onSelect={(event) => picker.fieldHandlers.onSelect(event.currentTarget)}
          onKeyDown={picker.fieldHandlers.onKeyDown}
          onFocus={() => {
            setWasUsed(true);
            picker.fieldHandlers.onFocus();
          }}
          onBlur={picker.fieldHandlers.onBlur}
        />
        {picker.isOpen && (
          <MentionListbox id={listboxId} options={picker.options} active={picker.active} onChoose={picker.choose} />
        )}
      </div>
      {picker.isOpen && (
        <p role="status" className="sr-only">
          {`${picker.options.length} ${picker.options.length === 1 ? 'member' : 'members'} to mention: choose with the arrow keys and Enter.`}
        </p>
      )}
      <div className="flex items-start justify-between gap-3">
        <div className="-mt-1 min-w-0">
          <FieldMessage id={fieldId} hint={HINT} error={fieldError} />
        </div>
        <button
          type="submit"
          className={buttonClasses('secondary', 'shrink-0 px-3 py-1.5')}
          disabled={comment.isPending}
        >
          {comment.isPending ? 'Sending…' : 'Comment'}
        </button>
      </div>
      {comment.error && <Notice tone="error">{`Your comment was not sent: ${comment.error.message}`}</Notice>}
    </form>
  );
};
