import { accessSync, chmodSync, constants, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, isAbsolute, join } from 'node:path';

/** Where the ffmpeg that makes the videos came from (README, FFMPEG_PATH). */
export type FoundFfmpeg = { path: string; source: 'FFMPEG_PATH' | 'PATH' | 'npm' };

const EXECUTABLE = process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg';

const isExecutableFile = (path: string) => {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The binary of @ffmpeg-installer/ffmpeg's package for this platform (an optional dependency of this workspace:
 * absent on a platform it has none for, or with --omit=optional). Its wrapper is not imported: it throws at load when
 * the binary is missing, and finds it through its own __dirname, which the server's bundle does not keep.
 */
const npmFfmpegPath = () => {
  try {
    const wrapper = createRequire(import.meta.url).resolve('@ffmpeg-installer/ffmpeg/package.json');
    const binaryPackage = createRequire(wrapper).resolve(
      `@ffmpeg-installer/${process.platform}-${process.arch}/package.json`,
    );
    const path = join(dirname(binaryPackage), EXECUTABLE);
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The packages' tarballs carry the run bit (rwxr-xr-x), and their install script (`chmod u+x ffmpeg`) only sets it
 * again: it is not allowed to run (package.json's allowScripts), so a copy that lost the bit on the way (an unpacker
 * that drops modes, say) gets it back here, at the first look.
 */
const ensureExecutable = (path: string) => {
  if (isExecutableFile(path)) return true;
  try {
    chmodSync(path, statSync(path).mode | 0o111);
    return isExecutableFile(path);
  } catch {
    return false;
  }
};

/**
 * The ffmpeg for agent videos, in this order: FFMPEG_PATH when set (as given, even if it is missing: a run then notes
 * that its video was skipped); else `ffmpeg` on the PATH; else the binary of the npm package for this platform; else
 * none. Only looks at files (no process is started), so it costs a start-up nothing measurable.
 */
export const findFfmpeg = ({
  configured,
  searchPath = '',
  isExecutable = isExecutableFile,
  npmBinary = npmFfmpegPath,
  makeExecutable = ensureExecutable,
}: {
  /** FFMPEG_PATH. */
  configured?: string;
  /** The PATH's directories, joined by the platform's delimiter. */
  searchPath?: string;
  isExecutable?: (path: string) => boolean;
  npmBinary?: () => string | undefined;
  makeExecutable?: (path: string) => boolean;
}): FoundFfmpeg | undefined => {
  if (configured) return { path: configured, source: 'FFMPEG_PATH' };
  for (const directory of searchPath.split(delimiter)) {
    // An empty or relative entry names a folder under the working directory: a server does not run what lies there.
    if (!isAbsolute(directory)) continue;
    const path = join(directory, EXECUTABLE);
    if (isExecutable(path)) return { path, source: 'PATH' };
  }
  const packaged = npmBinary();
  if (packaged && makeExecutable(packaged)) return { path: packaged, source: 'npm' };
  return undefined;
};
