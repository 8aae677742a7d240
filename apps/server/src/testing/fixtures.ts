import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { AgentFieldsInput } from '@agentcast/contracts/agents';

/** A real PNG of the given size, drawn by sharp. */
export const pngImage = (width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 3, background: { r: 124, g: 58, b: 237 } } })
    .png()
    .toBuffer();

/** A real PDF with one line of text per page. */
export const pdfDocument = async (pages: string[] = ['Agentcast test document']) => {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const text of pages) document.addPage([400, 300]).drawText(text, { x: 30, y: 250, size: 14, font });
  return Buffer.from(await document.save());
};

/** Everything an agent needs to be valid; tests override what they look at. */
export const validAgent = (overrides: Partial<AgentFieldsInput> = {}): AgentFieldsInput => ({
  name: 'Market Pulse',
  description: 'Daily notes on markets',
  prompt: 'You write calm, data-first posts about markets.',
  post_configuration: { topics: ['markets', 'AI'] },
  ...overrides,
});

/** A multipart agent save as the web app sends it. */
export const agentForm = (
  fields: unknown,
  files: {
    image?: { body: Buffer; name: string; type?: string };
    trainingfiles?: { body: Buffer; name: string; type?: string }[];
  } = {},
) => {
  const form = new FormData();
  form.append('agent', JSON.stringify(fields));
  if (files.image)
    form.append(
      'image',
      new Blob([new Uint8Array(files.image.body)], { type: files.image.type ?? 'image/png' }),
      files.image.name,
    );
  for (const file of files.trainingfiles ?? []) {
    form.append(
      'trainingfiles',
      new Blob([new Uint8Array(file.body)], { type: file.type ?? 'application/pdf' }),
      file.name,
    );
  }
  return form;
};
