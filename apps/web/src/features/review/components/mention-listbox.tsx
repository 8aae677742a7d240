import { WORKSPACE_ROLE_NAMES, type WorkspaceRole } from '@agentcast/contracts/workspace-roles';

type MentionOption = { user_id: string; name: string; email: string; role: WorkspaceRole };

type MentionListboxProps<Option extends MentionOption> = {
  id: string;
  options: readonly Option[];
  active: number;
  onChoose: (option: Option) => void;
};

/** The id of an option, which the comment field names as its active descendant while the arrow keys move. */
export const mentionOptionId = (listboxId: string, index: number) => `${listboxId}-option-${index}`;

/**
 * The members matching the `@` being typed, under the comment field: each by name and role. Focus stays in the
 * field (a press on an option does not take it), so typing goes on where it was.
 */
export const MentionListbox = <Option extends MentionOption>({
  id,
  options,
  active,
  onChoose,
}: MentionListboxProps<Option>) => (
  <ul
    id={id}
    role="listbox"
    aria-label="Members to mention"
    className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 sm:right-auto sm:w-96 overflow-y-auto rounded-lg border border-ink-600 bg-ink-900 py-1 shadow-xl shadow-black/40"
  >
    {options.map((option, index) => (
      <li
        key={option.user_id}
        id={mentionOptionId(id, index)}
        role="option"
        aria-selected={index === active}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => onChoose(option)}
        className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${
          index === active ? 'bg-brand-600/30 text-white' : 'text-slate-200 hover:bg-ink-800'
        }`}
      >
        <span className="min-w-0 truncate font-medium">{option.name || option.email}</span>
        <span className="shrink-0 text-xs text-slate-400">{WORKSPACE_ROLE_NAMES[option.role]}</span>
      </li>
    ))}
  </ul>
);
