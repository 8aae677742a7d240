import { useId, useState } from 'react';
import type { TrainingFile } from '@agentcast/contracts/agents';
import type { KnowledgeSourceStatus } from '@agentcast/contracts/knowledge';
import { MAX_TRAINING_FILE_BYTES, MAX_TRAINING_FILES, UPLOAD_MESSAGES } from '@agentcast/contracts/uploads';
import { buttonClasses } from '../../../../lib/ui/button-classes.ts';
import { FieldMessage } from '../../../../components/ui/field-message.tsx';
import { KnowledgeStatus } from './knowledge-status.tsx';
import { withWorkspaceQuery } from '../../../../api/active-workspace.ts';

type TrainingFilesPickerProps = {
  files: File[];
  onChange: (files: File[]) => void;
  /** The agent's saved files, when editing, and the ids of those marked for removal. */
  saved?: TrainingFile[];
  /** Indexing status of the saved files. */
  knowledge?: KnowledgeSourceStatus[];
  removedIds?: string[];
  onToggleRemoved?: (id: string) => void;
  error?: string;
};

const fileId = (file: TrainingFile) => file.url.slice(file.url.lastIndexOf('/') + 1);
const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** PDFs the agent learns from. Checked here for size and count; the server checks that each really is a PDF. */
export const TrainingFilesPicker = ({
  files,
  onChange,
  saved = [],
  knowledge = [],
  removedIds = [],
  onToggleRemoved,
  error,
}: TrainingFilesPickerProps) => {
  const inputId = useId();
  const [pickError, setPickError] = useState<string>();
  const keptCount = saved.length - removedIds.length;

  const add = (chosen: File[]) => {
    if (chosen.some((file) => file.size > MAX_TRAINING_FILE_BYTES))
      return setPickError(UPLOAD_MESSAGES.trainingFileTooLarge);
    if (keptCount + files.length + chosen.length > MAX_TRAINING_FILES)
      return setPickError(UPLOAD_MESSAGES.tooManyTrainingFiles);
    setPickError(undefined);
    onChange([...files, ...chosen]);
  };

  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-200">
        Training files (PDF)
      </label>
      <input
        id={inputId}
        type="file"
        accept="application/pdf,.pdf"
        multiple
        aria-describedby={(pickError ?? error) ? `${inputId}-error` : `${inputId}-hint`}
        className="mt-2 text-sm text-slate-300 file:mr-3 file:rounded-lg file:border-0 file:bg-ink-700 file:px-3 file:py-2 file:text-slate-100"
        onChange={(event) => {
          add([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <ul className="mt-3 space-y-2 text-sm">
        {saved.map((file) => {
          const isRemoved = removedIds.includes(fileId(file));
          return (
            <li
              key={file.url}
              className="flex items-center justify-between gap-3 rounded-lg border border-ink-700 px-3 py-2"
            >
              <div className="min-w-0">
                <a
                  // A download link carries no header: the team's workspace goes in its query (a member's 404 otherwise).
                  href={withWorkspaceQuery(file.url)}
                  className={`block truncate ${isRemoved ? 'text-slate-400 line-through' : 'text-brand-300 hover:underline'}`}
                >
                  {file.name}
                </a>
                {!isRemoved && <KnowledgeStatus source={knowledge.find((source) => source.file_id === fileId(file))} />}
              </div>
              <span className="flex items-center gap-3 text-xs text-slate-400">
                {kilobytes(file.size)}
                <button
                  type="button"
                  className={buttonClasses('ghost', 'px-2 py-1')}
                  onClick={() => onToggleRemoved?.(fileId(file))}
                >
                  {isRemoved ? 'Keep' : 'Remove'}
                </button>
              </span>
            </li>
          );
        })}
        {files.map((file, index) => (
          <li
            key={`${file.name}-${index}`}
            className="flex items-center justify-between gap-3 rounded-lg border border-dashed border-ink-600 px-3 py-2"
          >
            <span className="truncate text-slate-200">{file.name}</span>
            <span className="flex items-center gap-3 text-xs text-slate-400">
              {kilobytes(file.size)} · new
              <button
                type="button"
                className={buttonClasses('ghost', 'px-2 py-1')}
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((_, at) => at !== index))}
              >
                Remove
              </button>
            </span>
          </li>
        ))}
      </ul>
      <FieldMessage
        id={inputId}
        hint={`PDF only, up to 20 MB each, ${MAX_TRAINING_FILES} per agent.`}
        error={pickError ?? error}
      />
    </div>
  );
};
