import { getDocumentProxy } from 'unpdf';
import { KnowledgeError } from './knowledge-error.ts';

type TextItem = { str?: string; hasEOL?: boolean };

/** The reasons pdf.js gives, in plain words. */
const explain = (error: unknown) => {
  const name = (error as { name?: string }).name ?? '';
  if (name === 'PasswordException') return 'The PDF is password-protected. Upload a copy without a password.';
  if (name === 'InvalidPDFException' || name === 'FormatError')
    return 'The file is not a readable PDF (it may be damaged).';
  return `The PDF could not be read: ${error instanceof Error ? error.message : String(error)}`;
};

/**
 * The text of every page (index 0 is page 1), reporting progress as pages are read. A PDF with no text at all is
 * refused: it is scanned images, and text recognition is not part of indexing.
 */
export const extractPdfPages = async (
  pdf: Buffer,
  onProgress?: (done: number, total: number) => void | Promise<void>,
) => {
  let document;
  try {
    document = await getDocumentProxy(new Uint8Array(pdf));
  } catch (error) {
    throw new KnowledgeError(explain(error));
  }
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(
        (content.items as TextItem[])
          .map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : ' '))
          .join('')
          .replace(/[ \t]+/g, ' ')
          .trim(),
      );
      if (onProgress && (number % 10 === 0 || number === document.numPages))
        await onProgress(number, document.numPages);
    }
    if (pages.every((text) => text === '')) {
      throw new KnowledgeError(
        'The PDF has no text layer (it is probably scanned images), so there is nothing to index.',
      );
    }
    return pages;
  } catch (error) {
    throw error instanceof KnowledgeError ? error : new KnowledgeError(explain(error));
  } finally {
    await document.cleanup();
  }
};
