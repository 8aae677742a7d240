import { describe, expect, it } from 'vitest';
import { progressPerFile, toAgentForm } from './agent-files.ts';

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe('progressPerFile', () => {
  it('fills each file’s bar in the order the parts are sent, after the fields', () => {
    const files = [file('a.png', 100), file('b.pdf', 300)];
    // 50 bytes of fields and multipart framing come first.
    expect(progressPerFile(files, 0, 450)).toEqual([0, 0]);
    expect(progressPerFile(files, 100, 450)).toEqual([0.5, 0]);
    expect(progressPerFile(files, 300, 450)).toEqual([1, 0.5]);
    expect(progressPerFile(files, 450, 450)).toEqual([1, 1]);
  });
});

describe('toAgentForm', () => {
  it('sends the fields as JSON in "agent", then the files and what to remove', () => {
    const form = toAgentForm(
      { name: 'A' },
      { image: file('a.png', 1), trainingFiles: [file('b.pdf', 1), file('c.pdf', 1)], removeTrainingFiles: ['x.pdf'] },
    );

    expect(JSON.parse(form.get('agent') as string)).toEqual({ name: 'A' });
    expect((form.get('image') as File).name).toBe('a.png');
    expect(form.getAll('trainingfiles').map((entry) => (entry as File).name)).toEqual(['b.pdf', 'c.pdf']);
    expect(JSON.parse(form.get('remove_trainingfiles') as string)).toEqual(['x.pdf']);
    expect(form.get('remove_image')).toBeNull();
  });
});
