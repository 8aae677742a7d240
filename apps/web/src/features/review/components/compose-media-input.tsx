import { useId, useRef } from 'react';
import { MAX_POST_IMAGES, MAX_POST_VIDEO_BYTES } from '@agentcast/contracts/compose-constants';
import { MAX_IMAGE_BYTES } from '@agentcast/contracts/uploads';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { MEDIA_ACCEPT } from '../lib/compose-choices.ts';

type ComposeMediaInputProps = {
  files: readonly File[];
  onChange: (files: File[]) => void;
  problems: readonly string[];
  notes: readonly string[];
};

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const HINT = `Up to ${MAX_POST_IMAGES} images (${megabytes(MAX_IMAGE_BYTES)} each) or one MP4, WebM or MOV video (${megabytes(
  MAX_POST_VIDEO_BYTES,
)}).`;

/** Images or one video for the post: each chosen file listed with a way to remove it, and what will not go. */
export const ComposeMediaInput = ({ files, onChange, problems, notes }: ComposeMediaInputProps) => {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const describedBy = [problems.length > 0 ? `${id}-error` : `${id}-hint`, notes.length > 0 && `${id}-notes`]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-200">
        Images or a video (optional)
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={MEDIA_ACCEPT}
        aria-invalid={problems.length > 0 ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          // Added to those chosen before, so images can be picked one at a time; the input is emptied for the next.
          onChange([...files, ...Array.from(event.target.files ?? [])]);
          event.target.value = '';
        }}
        className="mt-1.5 block w-full max-w-full text-sm text-slate-300 file:mr-3 file:rounded-lg file:border-0 file:bg-ink-700 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-100"
      />
      {problems.length === 0 && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
          {HINT}
        </p>
      )}
      {files.length > 0 && (
        <ul className="mt-2 space-y-1" aria-label="Attached files">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${index}`}
              className="flex items-center justify-between gap-2 text-sm text-slate-300"
            >
              <span className="min-w-0 truncate">
                <span className="mr-1.5 rounded bg-ink-700 px-1.5 py-0.5 text-xs text-slate-200">
                  {file.type.startsWith('video/') ? 'Video' : 'Image'}
                </span>
                {file.name}
              </span>
              <button
                type="button"
                className={buttonClasses('ghost', 'shrink-0 px-2 py-1 text-xs')}
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((_, other) => other !== index))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {problems.length > 0 && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-300">
          {problems.join(' ')}
        </p>
      )}
      {notes.length > 0 && (
        <p id={`${id}-notes`} className="mt-1 text-xs text-slate-400">
          {notes.join(' ')}
        </p>
      )}
    </div>
  );
};
