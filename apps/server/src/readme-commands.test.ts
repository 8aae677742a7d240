import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const repository = new URL('../../../', import.meta.url);
const readme = readFileSync(new URL('README.md', repository), 'utf8');
const ciRun = readFileSync(new URL('.ci/run', repository), 'utf8');

/** The shell commands of a README section's code blocks. */
const commandsOf = (heading: string) => {
  const section = readme.split(/^## /m).find((part) => part.startsWith(`${heading}\n`)) ?? '';
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap(([, block]) => (block ?? '').trim().split('\n'));
};

describe('the README', () => {
  it('tests with exactly the commands CI runs', () => {
    const commands = commandsOf('Test it');
    expect(commands).toEqual([
      'npm test',
      'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:server',
    ]);
    const ciLines = ciRun.split('\n').map((line) => line.trim());
    for (const command of commands) expect(ciLines).toContain(command);
  });

  it('installs and runs with the npm scripts that exist', () => {
    expect(commandsOf('Run it')).toEqual(['npm install && npm start']);
    const { scripts, engines } = JSON.parse(readFileSync(new URL('package.json', repository), 'utf8')) as {
      scripts: Record<string, string>;
      engines: { node: string };
    };
    expect(Object.keys(scripts)).toEqual(
      expect.arrayContaining(['start', 'test', 'test:server', 'test:unit', 'check', 'fuzz', 'bench']),
    );
    for (const [, name] of readme.matchAll(/`npm run ([a-z:]+)/g)) expect(Object.keys(scripts)).toContain(name);
    // The versions the README names are the ones package.json declares.
    expect(engines.node).toBe('^20.19.0 || ^22.12.0 || >=24.0.0');
    expect(readme).toMatch(/Needs Node\.js 24 \(LTS, recommended\) or 22\.12 and newer/);
  });
});
