import { expect, test } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';

// Issue 33, Telegram: a bot and its channel connected once, chosen per agent, a triggered post reaches the channel.

type TelegramFake = {
  baseUrl: string;
  bot: { id: string; token: string; username: string };
  channel: { id: string; title: string; username: string };
};
const fake = () => JSON.parse(process.env.E2E_TELEGRAM ?? '{}') as TelegramFake;

/** What the channel holds (the fake's own view: a bot cannot read its chat). */
const messagesIn = async (chatId: string) => {
  const response = await fetch(`${fake().baseUrl}/__fake/chats/${chatId}/messages`);
  return ((await response.json()) as { messageId: number; text: string }[]).map((message) => message.text);
};

test('Telegram connects on the Agent Builder with a bot token and a channel, and an agent’s triggered post reaches the channel', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { bot, channel } = fake();
  await signedInUser(page, 'telegram-builder');
  await page.goto('/agent-builder');
  const panel = page.getByRole('article', { name: 'Telegram' });
  await panel.getByRole('button', { name: 'Connect Telegram' }).click();
  const form = panel.getByRole('group', { name: 'Connect Telegram' });
  await form.getByLabel('Bot token').fill(bot.token);
  await form.getByLabel('Channel or group').fill('@no_such_channel');
  await form.getByRole('button', { name: 'Connect Telegram' }).click();
  await expect(form.getByText('Telegram cannot find the channel or group', { exact: false })).toBeVisible();
  await form.getByLabel('Channel or group').fill(`@${channel.username}`);
  await form.getByLabel('Channel or group').press('Enter');
  await expect(panel.getByTestId('telegram-connection-state')).toContainText(
    `Connected: ${channel.title} (by @${bot.username})`,
  );
  await expect(page.getByText('0 / 3 Platforms Connected')).toBeVisible();

  await page.goto('/dashboard');
  const row = await createAgent(page, {
    name: 'Channel Herald',
    description: 'Posts to Telegram',
    postTo: 'Telegram',
  });

  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(row.getByRole('list', { name: 'Trigger progress' })).toContainText('Posted to Telegram', {
    timeout: 15_000,
  });
  await expect
    .poll(async () => (await messagesIn(channel.id)).some((text) => text.startsWith(FAKE_MODEL_POST)))
    .toBe(true);

  await page.getByRole('tab', { name: 'Terminal' }).click();
  await expect(page.getByRole('link', { name: /Telegram/ }).first()).toHaveAttribute(
    'href',
    new RegExp(`^https://t\\.me/${channel.username}/\\d+$`),
  );
});
