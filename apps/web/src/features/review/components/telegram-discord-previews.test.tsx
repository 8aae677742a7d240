import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MediaItem } from '@agentcast/contracts/terminal';
import { DiscordPreview } from './discord-preview.tsx';
import { TelegramPreview } from './telegram-preview.tsx';

const author = { name: 'Channel Herald', image: null, xHandle: null };
const image: MediaItem = { kind: 'image', url: 'https://cdn.example/agent-media/u_1.png' };

describe('the Telegram preview', () => {
  it('shows the picture above its caption, counted against 4,096', () => {
    render(<TelegramPreview author={author} text="Ship small changes." media={[image]} />);
    const preview = within(screen.getByRole('article', { name: 'Telegram preview' }));
    const picture = preview.getByRole('img', { name: 'Picture of the Telegram post' });
    const text = preview.getByTestId('telegram-preview-text');
    // The picture comes first in the bubble, as a captioned photo does.
    expect(picture.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(preview.getByLabelText('Telegram: 19 of 4096 characters')).toHaveTextContent('19/4,096');
    expect(preview.queryByText(/Longer than a caption/)).not.toBeInTheDocument();
  });

  it('says a text too long for a caption goes out first, with the picture after it', () => {
    const text = `${'A long thought about shipping. '.repeat(40)}`.trim();
    render(<TelegramPreview author={author} text={text} media={[image]} />);
    const preview = within(screen.getByRole('article', { name: 'Telegram preview' }));
    const picture = preview.getByRole('img', { name: 'Picture of the Telegram post' });
    expect(picture.compareDocumentPosition(preview.getByTestId('telegram-preview-text'))).toBe(
      Node.DOCUMENT_POSITION_PRECEDING,
    );
    expect(
      preview.getByText(
        'Longer than a caption (1,024 characters): the text goes out as a message, with the picture after it.',
      ),
    ).toBeVisible();
  });
});

describe('the Discord preview', () => {
  it('shows the webhook’s message with the APP tag, its attachment, and the count against 2,000', () => {
    render(<DiscordPreview author={author} text="Ship small changes." media={[image]} />);
    const preview = within(screen.getByRole('article', { name: 'Discord preview' }));
    expect(preview.getByText('APP')).toBeVisible();
    expect(preview.getByRole('img', { name: 'Attachment of the Discord message' })).toHaveAttribute('src', image.url);
    expect(preview.getByLabelText('Discord: 19 of 2000 characters')).toHaveTextContent('19/2,000');
  });
});
