import type { PreviewAuthor } from '../lib/preview-author.ts';

/** Name, @handle and "· now", as X heads each post. */
export const XPostHeader = ({ author }: { author: PreviewAuthor }) => (
  <p className="flex flex-wrap items-baseline gap-x-1.5 leading-5">
    <span className="truncate font-bold">{author.name}</span>
    {author.xHandle && <span className="truncate text-zinc-400">@{author.xHandle}</span>}
    <span className="text-zinc-400">· now</span>
  </p>
);
