import { z } from 'zod';
import { agentFieldsSchema, postConfigurationSchema } from './agents.ts';

/** Text the form may still be typing: no field is required, so a half-filled form still gets its preview. */
const draftText = z
  .string()
  .default('')
  .transform((value) => value.replaceAll('\u0000', '').trim());

/**
 * The agent form's unsaved settings that decide what the offline writer writes (issue 41 §2): the persona, the
 * topics and platforms, the sample posts and the custom context. Everything is optional, and anything else the form
 * holds is ignored, so the form can send what it has.
 */
export const agentPreviewInputSchema = agentFieldsSchema
  .pick({ sample_posts: true, sample_questions: true, data_sources: true, custom_context: true, x_threads: true })
  .partial()
  .extend({
    name: draftText,
    description: draftText,
    prompt: draftText,
    post_configuration: postConfigurationSchema.pick({ topics: true, clients: true }).partial().prefault({}),
  });
export type AgentPreviewInput = z.input<typeof agentPreviewInputSchema>;
export type AgentPreviewSettings = z.output<typeof agentPreviewInputSchema>;

/** What the offline writer would post for these settings, and the topic it chose. */
export const agentPreviewSchema = z.object({
  text: z.string(),
  topic: z.string(),
  model: z.string(),
});
export type AgentPreview = z.infer<typeof agentPreviewSchema>;
