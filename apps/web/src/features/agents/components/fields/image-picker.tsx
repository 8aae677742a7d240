import { useEffect, useId, useMemo, useState } from 'react';
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from '@agentcast/contracts/uploads';
import { buttonClasses } from '../../../../lib/ui/button-classes.ts';
import { FieldMessage } from '../../../../components/ui/field-message.tsx';

type ImagePickerProps = {
  file: File | null;
  /** The agent's current image, when editing. */
  currentUrl: string | null;
  onChange: (file: File | null) => void;
  onRemoveCurrent?: () => void;
  error?: string;
};

/** Any image type; the server checks the content and converts what browsers cannot show safely. */
export const ImagePicker = ({ file, currentUrl, onChange, onRemoveCurrent, error }: ImagePickerProps) => {
  const inputId = useId();
  const [sizeError, setSizeError] = useState<string>();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const shown = preview ?? currentUrl;
  const message = sizeError ?? error;

  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-200">
        Agent image
      </label>
      <div className="mt-2 flex items-center gap-4">
        <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-2xl border border-ink-600 bg-ink-950 text-xs text-slate-400">
          {shown ? <img src={shown} alt="Agent image preview" className="size-full object-cover" /> : 'No image'}
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <input
            id={inputId}
            type="file"
            accept="image/*"
            aria-describedby={message ? `${inputId}-error` : `${inputId}-hint`}
            className="w-full min-w-0 text-sm text-slate-300 file:mr-3 file:rounded-lg file:border-0 file:bg-ink-700 file:px-3 file:py-2 file:text-slate-100"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              event.target.value = '';
              if (chosen && chosen.size > MAX_IMAGE_BYTES) return setSizeError(UPLOAD_MESSAGES.imageTooLarge);
              setSizeError(undefined);
              onChange(chosen);
            }}
          />
          {(file || (currentUrl && onRemoveCurrent)) && (
            <button
              type="button"
              className={buttonClasses('ghost', 'self-start px-2 py-1')}
              onClick={() => (file ? onChange(null) : onRemoveCurrent?.())}
            >
              {file ? 'Discard new image' : 'Remove image'}
            </button>
          )}
        </div>
      </div>
      <FieldMessage id={inputId} hint="PNG, JPEG, GIF, WebP, AVIF, TIFF or SVG, up to 5 MB." error={message} />
    </div>
  );
};
