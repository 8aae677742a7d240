import { chmodSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from './find-ffmpeg.ts';

const folder = mkdtempSync(join(tmpdir(), 'agentcast-find-ffmpeg-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A PATH of real tools (node, sh) without ffmpeg, as on a machine that never installed it. */
const pathWithoutFfmpeg = () => {
  const bin = mkdtempSync(join(folder, 'bin-'));
  symlinkSync(process.execPath, join(bin, 'node'));
  symlinkSync('/bin/sh', join(bin, 'sh'));
  return bin;
};

const only =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

describe('findFfmpeg', () => {
  it('takes FFMPEG_PATH as given, before the PATH and the npm package', () => {
    expect(
      findFfmpeg({
        configured: '/opt/ffmpeg/bin/ffmpeg',
        searchPath: '/usr/bin',
        isExecutable: only('/usr/bin/ffmpeg'),
        npmBinary: () => '/app/node_modules/@ffmpeg-installer/linux-x64/ffmpeg',
      }),
    ).toEqual({ path: '/opt/ffmpeg/bin/ffmpeg', source: 'FFMPEG_PATH' });
  });

  it("takes the PATH's first ffmpeg before the npm package's, skipping folders relative to the working directory", () => {
    expect(
      findFfmpeg({
        searchPath: ['.', 'bin', '/usr/local/bin', '/usr/bin'].join(delimiter),
        isExecutable: only('bin/ffmpeg', '/usr/bin/ffmpeg'),
        npmBinary: () => '/app/node_modules/@ffmpeg-installer/linux-x64/ffmpeg',
      }),
    ).toEqual({ path: '/usr/bin/ffmpeg', source: 'PATH' });
  });

  it("with FFMPEG_PATH unset and no ffmpeg on the PATH, finds the npm package's binary for this platform", () => {
    expect(findFfmpeg({ searchPath: pathWithoutFfmpeg() })).toEqual({
      path: expect.stringMatching(
        new RegExp(`node_modules/@ffmpeg-installer/${process.platform}-${process.arch}/ffmpeg(\\.exe)?$`),
      ),
      source: 'npm',
    });
  });

  it('gives the npm binary its run bit when it lost it (its install script is not run)', () => {
    const binary = join(folder, 'ffmpeg');
    writeFileSync(binary, '#!/bin/sh\n');
    chmodSync(binary, 0o644);
    expect(findFfmpeg({ searchPath: pathWithoutFfmpeg(), npmBinary: () => binary })).toEqual({
      path: binary,
      source: 'npm',
    });
    expect(statSync(binary).mode & 0o777).toBe(0o755);
  });

  it('finds none without FFMPEG_PATH, a PATH ffmpeg or the npm package', () => {
    expect(findFfmpeg({ searchPath: pathWithoutFfmpeg(), npmBinary: () => undefined })).toBeUndefined();
  });
});
