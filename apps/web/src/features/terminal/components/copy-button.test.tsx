import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_MESSAGES, CopyButton } from './copy-button.tsx';

describe('Copy', () => {
  afterEach(() => vi.restoreAllMocks());

  it('puts the text on the clipboard and says "Copied" in a live region', async () => {
    const user = userEvent.setup();
    render(<CopyButton text="Small models, big data." />);
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.click(screen.getByRole('button', { name: "Copy the post's text" }));
    expect(await navigator.clipboard.readText()).toBe('Small models, big data.');
    expect(screen.getByRole('status')).toHaveTextContent(COPY_MESSAGES.copied);
  });

  it('says how to copy by hand when the browser refuses', async () => {
    const user = userEvent.setup();
    render(<CopyButton text="Small models, big data." />);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: "Copy the post's text" }));
    expect(await screen.findByText(COPY_MESSAGES.refused)).toBeVisible();
  });
});
