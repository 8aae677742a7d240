import { expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { signedInUser } from './support/accounts.ts';
import { createAgentInForm } from './support/agents.ts';

const reportPdf = async () => {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const text of ['Annual report cover.', 'Robotics orders tripled after the new warehouse opened.', 'Glossary.']) {
    document.addPage([612, 792]).drawText(text, { x: 40, y: 700, size: 11, font });
  }
  return { name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await document.save()) };
};

test('an uploaded PDF is indexed, shown as such in the edit form, and named as a source in the Terminal', async ({
  page,
}) => {
  await signedInUser(page, 'knowledge');
  const row = await createAgentInForm(page, {
    name: 'Robotics Desk',
    description: 'Notes on robotics',
    prompt: 'You write about robotics.',
    topic: 'robotics',
    trainingFile: await reportPdf(),
  });

  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByTestId('knowledge-report.pdf')).toHaveText('Indexed · 3 pages', { timeout: 15_000 });

  await page.getByRole('button', { name: '← Back to dashboard' }).click();
  await page.getByRole('listitem', { name: 'Robotics Desk' }).getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByText(/Agent triggered successfully!/)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('tab', { name: 'Terminal' }).click();
  await expect(
    page.getByRole('list', { name: 'Terminal messages' }).getByText('Sources: report.pdf p. 2'),
  ).toBeVisible();
});
