import { describe, expect, it } from 'vitest';
import { agentPreviewInputSchema } from '@agentcast/contracts/agent-preview';
import { previewOfflinePost } from './preview-offline-post.ts';

const settings = (input: unknown) => agentPreviewInputSchema.parse(input);

describe('previewOfflinePost', () => {
  it('writes about one of the form’s topics, the same post for the same settings', async () => {
    const input = settings({
      name: 'Base Camp',
      prompt: 'You run a crypto community.',
      post_configuration: { topics: ['staking', 'community governance'], clients: ['terminal', 'x'] },
    });
    const preview = await previewOfflinePost(input);
    expect(['staking', 'community governance']).toContain(preview.topic);
    expect(preview.text.toLowerCase()).toContain(preview.topic);
    expect(preview.text.length).toBeLessThanOrEqual(280);
    expect(preview.model).toBe('offline-writer');
    expect(await previewOfflinePost(input)).toEqual(preview);
  });

  it('follows the settings: other topics, the sample posts’ hashtags, the custom context quoted as your notes', async () => {
    const texts = new Set<string>();
    for (const topic of ['staking', 'airdrops', 'validators', 'wallets', 'bridges']) {
      const preview = await previewOfflinePost(
        settings({
          post_configuration: { topics: [topic] },
          sample_posts: ['gm builders! #BaseCamp'],
          custom_context: 'Validators must keep 99 percent uptime to earn rewards.',
        }),
      );
      expect(preview.text).toContain(topic);
      expect(preview.text).toMatch(/#BaseCamp$/);
      if (preview.text.includes('“')) expect(preview.text).toMatch(/from your notes: “Validators must keep/i);
      texts.add(preview.text);
    }
    expect(texts.size).toBe(5);
  });

  it('writes even for an empty form (the spec’s message then names the subject)', async () => {
    const preview = await previewOfflinePost(settings({}));
    expect(preview.topic).toBe('AI');
    expect(preview.text).toContain('AI');
  });
});
