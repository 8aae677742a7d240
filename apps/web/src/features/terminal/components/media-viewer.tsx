import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import type { MediaItem } from '@agentcast/contracts/terminal';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';

const FOCUSABLE = 'button:not(:disabled), [href], video[controls], [tabindex]:not([tabindex="-1"])';

type MediaViewerProps = {
  item: MediaItem;
  /** What the medium is, as its thumbnail names it: the dialog's name. */
  label: string;
  onClose: () => void;
};

/**
 * A post's image or video, large, in a modal dialog: the native <dialog> makes everything else inert, Tab stays inside,
 * Escape closes it (so do Close and a click beside the medium), and the caller puts focus back on the thumbnail. The
 * medium fits the screen, a phone's too; the video plays with its controls. In a portal: the terminal's list is a live
 * region, which should not read the dialog out.
 */
export const MediaViewer = ({ item, label, onClose }: MediaViewerProps) => {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);

  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) dialogRef.current?.close();
  };
  // The native modal leaves the rest of the page inert, but Tab still goes on to the browser's own controls: kept here.
  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const leaving = event.shiftKey ? document.activeElement === first : document.activeElement === last;
    if (!leaving) return;
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  };
  const fit = 'block max-h-[calc(100dvh-5.5rem)] max-w-full rounded-lg object-contain';

  return createPortal(
    // A click beside the medium is the pointer's way to do what Escape does from the keyboard.
    <dialog
      ref={dialogRef}
      aria-label={label}
      onClose={onClose}
      onClick={closeOnBackdrop}
      onKeyDown={keepFocusInside}
      className="m-auto max-h-[100dvh] max-w-[calc(100vw-1rem)] overflow-visible bg-transparent p-0 backdrop:bg-black/85"
    >
      <div className="flex flex-col items-end gap-2 p-1">
        <button
          type="button"
          className={buttonClasses('secondary', 'px-3 py-1.5')}
          onClick={() => dialogRef.current?.close()}
        >
          Close
        </button>
        {item.kind === 'image' ? (
          <img src={item.url} alt={label} className={fit} />
        ) : (
          <video src={item.url} poster={item.poster} controls autoPlay playsInline aria-label={label} className={fit} />
        )}
      </div>
    </dialog>,
    document.body,
  );
};
