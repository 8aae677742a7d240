import type { MediaItem } from '@agentcast/contracts/terminal';

/** Where this server's own storage serves the media it keeps (the local driver's route). */
const OWN_STORAGE = '/storage/images/';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The day of a moment in the viewer's zone, as a file name sorts it: 2026-11-24. */
const localDay = (iso: string) => {
  const at = new Date(iso);
  return `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}`;
};

/** A name in plain ASCII words joined by dashes ("Café Bot!" → "cafe-bot"), safe in a file name and a header. */
const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');

const extensionOf = (url: string, kind: MediaItem['kind']) => {
  const path = new URL(url, 'http://local.invalid').pathname;
  const match = /\.([a-z0-9]{2,5})$/i.exec(path);
  return match ? match[1]!.toLowerCase() : kind === 'video' ? 'mp4' : 'png';
};

/**
 * What a downloaded medium is called: the agent and the day of the post, `{agent}-{yyyy-mm-dd}.{ext}`, with the
 * medium's number when the post has several (`-2`), and "post" for an agent whose name has no letters or digits.
 */
export const mediaFileName = ({
  agentName,
  createdAt,
  url,
  kind,
  index = 0,
}: {
  agentName: string;
  createdAt: string;
  url: string;
  kind: MediaItem['kind'];
  index?: number;
}) =>
  `${slug(agentName) || 'post'}-${localDay(createdAt)}${index > 0 ? `-${index + 1}` : ''}.${extensionOf(url, kind)}`;

/**
 * The address a Download link points at. This server's own storage answers `?download=<name>` with an attachment of
 * that name, which downloads even when the media are served from another origin than the page (where a link's
 * `download` attribute is ignored); other storage (S3) is linked as it is.
 */
export const downloadUrl = (url: string, fileName: string) => {
  const parsed = new URL(url, window.location.href);
  if (!parsed.pathname.startsWith(OWN_STORAGE)) return url;
  parsed.searchParams.set('download', fileName);
  return parsed.toString();
};
