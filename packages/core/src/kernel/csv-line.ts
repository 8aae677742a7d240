/** A cell a spreadsheet would read as a formula (or, for tab and carriage return, as the start of one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One record of RFC 4180 CSV, CRLF included: a cell holding a comma, a double quote or a line break is quoted, its
 * quotes doubled. A text cell that starts like a formula is prefixed with ' (OWASP's advice against CSV injection),
 * so a post written "=HYPERLINK(…)" stays text when the file is opened in a spreadsheet. Absent values are empty.
 */
export const csvLine = (cells: readonly (string | number | null | undefined)[]) =>
  `${cells
    .map((cell) => {
      if (cell === null || cell === undefined) return '';
      if (typeof cell === 'number') return String(cell);
      const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(',')}\r\n`;
