import { useEffect, useRef, useState } from 'react';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { DEMO_SCENES } from '../content/demo-scenes.ts';

const SCENE_MS = 4500;

/** A short, self-playing tour of the product in a modal dialog (Esc or the close button ends it). */
export const DemoDialog = ({ onClose }: { onClose: () => void }) => {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [sceneIndex, setSceneIndex] = useState(0);
  const [isPlaying, setIsPlaying] = useState(true);
  const scene = DEMO_SCENES[sceneIndex] ?? DEMO_SCENES[0];

  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);

  useEffect(() => {
    if (!isPlaying) return;
    const timer = setTimeout(() => setSceneIndex((index) => (index + 1) % DEMO_SCENES.length), SCENE_MS);
    return () => clearTimeout(timer);
  }, [isPlaying, sceneIndex]);

  const goTo = (index: number) => setSceneIndex((index + DEMO_SCENES.length) % DEMO_SCENES.length);

  return (
    <dialog
      ref={dialogRef}
      onClose={onClose}
      aria-labelledby="demo-title"
      className="m-auto w-[min(44rem,calc(100vw-2rem))] rounded-2xl border border-ink-600 bg-ink-900 p-0 text-slate-200 backdrop:bg-black/70"
    >
      <div className="flex items-center justify-between border-b border-ink-700 px-6 py-4">
        <h2 id="demo-title" className="text-lg font-semibold text-white">
          Product tour
        </h2>
        <button type="button" onClick={onClose} className={buttonClasses('ghost', 'px-3')} aria-label="Close demo">
          ✕
        </button>
      </div>
      <div className="px-6 py-6" aria-live="polite">
        <h3 className="text-xl font-bold text-white">{scene.title}</h3>
        <p className="mt-2 text-slate-300">{scene.caption}</p>
        {/* Focusable: on a phone the lines scroll sideways, and the keyboard must be able to scroll them too. */}
        <pre
          tabIndex={0}
          className="mt-5 min-h-40 overflow-x-auto rounded-xl border border-ink-700 bg-ink-950 p-5 font-mono text-sm leading-relaxed text-emerald-300"
        >
          {scene.lines.join('\n')}
          <span className="ml-0.5 inline-block animate-[caret-blink_1s_steps(1)_infinite]">▍</span>
        </pre>
      </div>
      <div className="flex items-center justify-between border-t border-ink-700 px-6 py-4">
        <div className="flex" aria-label="Scenes">
          {DEMO_SCENES.map((item, index) => (
            // The dot is small; the button around it is a 24 px target a finger can hit.
            <button
              key={item.title}
              type="button"
              onClick={() => goTo(index)}
              aria-label={`Show ${item.title}`}
              aria-current={index === sceneIndex ? 'step' : undefined}
              className="grid h-6 min-w-6 place-items-center rounded-full px-1"
            >
              <span
                className={`h-2 rounded-full transition-all ${index === sceneIndex ? 'w-8 bg-brand-400' : 'w-2 bg-ink-600'}`}
              />
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          <button type="button" className={buttonClasses('secondary')} onClick={() => goTo(sceneIndex - 1)}>
            Previous
          </button>
          <button
            type="button"
            className={buttonClasses('secondary')}
            onClick={() => setIsPlaying((playing) => !playing)}
          >
            {isPlaying ? 'Pause' : 'Play'}
          </button>
          <button type="button" className={buttonClasses('primary')} onClick={() => goTo(sceneIndex + 1)}>
            Next
          </button>
        </div>
      </div>
    </dialog>
  );
};
