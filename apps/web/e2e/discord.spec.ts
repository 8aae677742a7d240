import { expect, test } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgent, createAgentInForm } from './support/agents.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';

// Issue 33, Discord: a channel's webhook connected once, chosen per agent, a triggered post reaches the channel.

type Webhook = { id: string; url: string; name: string; guildId: string; channelId: string };
type DiscordFake = { baseUrl: string; webhooks: Webhook[] };
const fake = () => JSON.parse(process.env.E2E_DISCORD ?? '{}') as DiscordFake;
const webhook = (name: string) => fake().webhooks.find((candidate) => candidate.name === name)!;

/** What the channel holds (the fake's own view: a webhook cannot read its channel). */
const messagesIn = async (channelId: string) => {
  const origin = new URL(fake().baseUrl).origin;
  const response = await fetch(`${origin}/__fake/channels/${channelId}/messages`);
  return ((await response.json()) as { content: string }[]).map((message) => message.content);
};

test('Discord connects on the Agent Builder with a channel webhook, and an agent’s triggered post reaches the channel', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const channel = webhook('agent-builder');
  await signedInUser(page, 'discord-builder');
  await page.goto('/agent-builder');
  const panel = page.getByRole('article', { name: 'Discord' });
  await panel.getByRole('button', { name: 'Connect Discord' }).click();
  const form = panel.getByRole('group', { name: 'Connect Discord' });
  await form.getByLabel('Webhook URL').fill('https://example.com/not-a-webhook');
  await form.getByRole('button', { name: 'Connect Discord' }).click();
  await expect(form.getByText('This is not a Discord webhook URL', { exact: false })).toBeVisible();
  await form.getByLabel('Webhook URL').fill(channel.url);
  await form.getByRole('button', { name: 'Connect Discord' }).click();
  await expect(panel.getByTestId('discord-connection-state')).toHaveText('Connected: “agent-builder” webhook');
  await expect(page.getByText('0 / 3 Platforms Connected')).toBeVisible();

  await page.goto('/dashboard');
  const row = await createAgent(page, {
    name: 'Channel Voice',
    description: 'Posts to Discord',
    postTo: 'Discord',
  });

  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(row.getByRole('list', { name: 'Trigger progress' })).toContainText('Posted to Discord', {
    timeout: 15_000,
  });
  await expect.poll(async () => (await messagesIn(channel.channelId)).length).toBe(1);
  expect((await messagesIn(channel.channelId))[0]).toContain(FAKE_MODEL_POST);

  await page.getByRole('tab', { name: 'Terminal' }).click();
  await expect(page.getByRole('link', { name: /Discord/ }).first()).toHaveAttribute(
    'href',
    new RegExp(`^https://discord\\.com/channels/${channel.guildId}/${channel.channelId}/\\d+$`),
  );
});

test('an agent connects its own Discord webhook in its form; when Discord’s answer is lost the terminal asks to look, and Post again sends it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const channel = webhook('agent-form');
  await signedInUser(page, 'discord-form');
  await page.goto('/dashboard?view=create');
  const field = page.getByRole('group', { name: 'Discord connection' });
  await expect(field).toContainText('Not connected');
  await field.getByRole('button', { name: 'Connect Discord' }).click();
  await field.getByLabel('Webhook URL').fill(channel.url);
  await field.getByLabel('Webhook URL').press('Enter');
  await expect(field).toContainText('Discord connected as “agent-form” webhook');

  const row = await createAgentInForm(page, {
    name: 'Lost Answer',
    description: 'Posts to Discord',
    postTo: 'Discord',
    isFormOpen: true,
  });

  // Discord takes the next message and the answer never comes back.
  await fetch(`${new URL(fake().baseUrl).origin}/__fake/webhooks/${channel.id}/drop-next-answer`, { method: 'POST' });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(row.getByRole('list', { name: 'Trigger progress' })).toContainText(
    'Discord did not answer — look there before choosing Post again',
    { timeout: 15_000 },
  );
  expect(await messagesIn(channel.channelId)).toHaveLength(1);

  await page.getByRole('tab', { name: 'Terminal' }).click();
  await expect(page.getByText('and it cannot tell apps whether the post arrived', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Post again to Discord' }).click();
  await expect.poll(async () => (await messagesIn(channel.channelId)).length).toBe(2);
  await expect(page.getByRole('link', { name: /Discord/ }).first()).toBeVisible();
});
