import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseWorkspace } from '../../../../api/active-workspace.ts';
import { TrainingFilesPicker } from './training-files-picker.tsx';

const saved = [{ url: '/api/agents/agent-1/trainingfiles/u_1_report.pdf', name: 'report.pdf', size: 2048 }];
const picker = () => render(<TrainingFilesPicker files={[]} onChange={() => undefined} saved={saved} />);

afterEach(() => chooseWorkspace(null));

describe('a saved training file’s download link', () => {
  it('is the file’s own URL in the person’s own workspace', () => {
    picker();
    expect(screen.getByRole('link', { name: 'report.pdf' })).toHaveAttribute('href', saved[0]!.url);
  });

  it('names the team’s workspace when the tab shows one, since a link sends no header', () => {
    chooseWorkspace('team-7');
    picker();
    expect(screen.getByRole('link', { name: 'report.pdf' })).toHaveAttribute(
      'href',
      `${saved[0]!.url}?workspace=team-7`,
    );
  });
});
