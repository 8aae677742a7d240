import type { MediaItem } from '@agentcast/contracts/terminal';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { downloadUrl, mediaFileName } from '../lib/media-download.ts';
import { CopyButton } from './copy-button.tsx';

type EntryActionsProps = { text: string; media: MediaItem[]; agentName: string; createdAt: string };

/** What a person takes from an entry: its text (Copy) and its media as files named after the agent and the day. */
export const EntryActions = ({ text, media, agentName, createdAt }: EntryActionsProps) => {
  if (!text && media.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      {text && <CopyButton text={text} />}
      {media.map((item, index) => {
        const fileName = mediaFileName({ agentName, createdAt, url: item.url, kind: item.kind, index });
        return (
          <a
            key={item.url}
            href={downloadUrl(item.url, fileName)}
            download={fileName}
            className={buttonClasses('secondary', 'px-3 py-1.5 text-xs')}
          >
            Download {item.kind}
            {media.length > 1 ? ` ${index + 1}` : ''}
          </a>
        );
      })}
    </div>
  );
};
