import { describe, expect, it } from 'vitest';
import { csvLine } from './csv-line.ts';

describe('a CSV record', () => {
  it('quotes cells with commas, quotes and line breaks (RFC 4180), ends in CRLF, and leaves absent values empty', () => {
    expect(csvLine(['plain', 'a, b', 'say "hi"', 'two\nlines', 12, null, undefined, ''])).toBe(
      'plain,"a, b","say ""hi""","two\nlines",12,,,\r\n',
    );
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    expect(csvLine(['=1+1', '+SUM(A1)', '-2', '@cmd', '\tlead', 'safe=1'])).toBe(
      "'=1+1,'+SUM(A1),'-2,'@cmd,'\tlead,safe=1\r\n",
    );
    expect(csvLine(['=HYPERLINK("https://evil.example","x")'])).toBe(
      `"'=HYPERLINK(""https://evil.example"",""x"")"\r\n`,
    );
  });
});
