import { useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { insertMention, membersMatching, typedMention } from './mention-typing.ts';

type Member = { user_id: string; name: string; email: string };

type PickerOptions<Option extends Member> = {
  text: string;
  onTextChange: (text: string) => void;
  field: RefObject<HTMLTextAreaElement | null>;
  members: readonly Option[];
};

/**
 * The list of members offered while an `@` and a name are typed in a comment: which match, which one the arrow keys
 * are on, and what Enter, Escape and a click do. The caret is followed on every change and move, so the list is
 * about the `@` being typed where the caret is. Escape closes it for that `@`; typing another opens it again.
 */
export const useMentionPicker = <Option extends Member>({
  text,
  onTextChange,
  field,
  members,
}: PickerOptions<Option>) => {
  const [caret, setCaret] = useState(0);
  const [isFocused, setIsFocused] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const caretAfterInsert = useRef<number | null>(null);

  const mention = isFocused ? typedMention(text, caret) : null;
  const options = mention && mention.start !== dismissedAt ? membersMatching(members, mention.query) : [];
  const isOpen = options.length > 0;
  const active = Math.min(activeIndex, options.length - 1);

  // Once the name is in the field, the caret goes after it (a controlled value would otherwise put it at the end).
  useLayoutEffect(() => {
    const at = caretAfterInsert.current;
    if (at === null || !field.current) return;
    caretAfterInsert.current = null;
    field.current.setSelectionRange(at, at);
  }, [text, field]);

  const choose = (member: Option) => {
    if (!mention) return;
    // A member without a name is mentioned by their address, as the server reads it too.
    const inserted = insertMention(text, mention, caret, member.name.trim() || member.email);
    caretAfterInsert.current = inserted.caret;
    setCaret(inserted.caret);
    setActiveIndex(0);
    onTextChange(inserted.text);
  };

  const followCaret = (element: HTMLTextAreaElement) => setCaret(element.selectionStart);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isOpen || !mention || event.nativeEvent.isComposing) return;
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0) {
      event.preventDefault();
      setActiveIndex((active + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = options[active];
      if (chosen) choose(chosen);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissedAt(mention.start);
    }
  };

  return {
    options,
    isOpen,
    active,
    choose,
    /** What the textarea needs besides its value. */
    fieldHandlers: {
      onChange: (value: string, element: HTMLTextAreaElement) => {
        followCaret(element);
        setActiveIndex(0);
        // The `@` closed with Escape is gone: one typed in its place opens the list again.
        if (!typedMention(value, element.selectionStart)) setDismissedAt(null);
        onTextChange(value);
      },
      onSelect: followCaret,
      onKeyDown,
      onFocus: () => setIsFocused(true),
      onBlur: () => setIsFocused(false),
    },
  };
};
