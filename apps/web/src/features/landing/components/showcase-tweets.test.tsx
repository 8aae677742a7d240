import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SHOWCASE_TWEETS } from '../content/showcase.ts';
import { ContentShowcase } from './content-showcase.tsx';

const widgetsScript = () => document.querySelector('script[src="https://platform.twitter.com/widgets.js"]');

afterEach(() => widgetsScript()?.remove());

describe('the showcase tweets tab', () => {
  it('does not load the X embed script until the tab is opened', async () => {
    render(<ContentShowcase />);
    expect(widgetsScript()).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Tweets' }));

    expect(widgetsScript()).not.toBeNull();
  });

  it('keeps the posts readable when the script cannot load', async () => {
    render(<ContentShowcase />);
    await userEvent.click(screen.getByRole('tab', { name: 'Tweets' }));

    widgetsScript()?.dispatchEvent(new Event('error'));

    expect(
      await screen.findByText('Live embeds from X could not load, so the posts are shown as text.'),
    ).toBeInTheDocument();
    for (const tweet of SHOWCASE_TWEETS) expect(screen.getByText(tweet.text)).toBeInTheDocument();
  });
});
