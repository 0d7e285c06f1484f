import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FACTS_PROMPT_HELP,
  FACTS_PROMPT_HELP_PYTHON,
  SANDBOX_PROMPT_HELP,
} from '../../../shared/sandbox/prompt-help';
import { listTable } from '../../../shared/sandbox/table-listing';
import type { SandboxTable } from '../../../shared/sandbox/types';

const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'sandbox-helpers.md'), 'utf8');

describe('docs/sandbox-helpers.md', () => {
  it('holds the prompt text the code gives models, word for word', () => {
    expect(doc).toContain(SANDBOX_PROMPT_HELP);
    expect(doc).toContain(FACTS_PROMPT_HELP);
    expect(doc).toContain(FACTS_PROMPT_HELP_PYTHON);
  });

  it('names the fact helpers in both languages', () => {
    for (const text of [FACTS_PROMPT_HELP, FACTS_PROMPT_HELP_PYTHON]) {
      expect(text).toContain('fact(concept, period, dims');
      expect(text).toContain('facts(concept)');
    }
  });

  it('names every helper a program gets', () => {
    for (const helper of [
      'cell(tableId, row, col)',
      'cellInfo(tableId, row, col)',
      'table(tableId)',
    ])
      expect(SANDBOX_PROMPT_HELP).toContain(helper);
  });
});

describe('listTable (a table as a prompt shows it)', () => {
  const table: SandboxTable = {
    id: 't21',
    caption: 'Statements of Income (In millions)',
    cells: [
      { rowPath: ['Revenue'], colPath: ['2025'], value: 130497, row: 0, col: 0, text: '$130,497' },
      { rowPath: ['Revenue'], colPath: ['2024'], value: 60922, row: 0, col: 1, text: '60,922' },
      {
        rowPath: ['Expenses', 'R&D'],
        colPath: ['2025'],
        value: 12914,
        row: 2,
        col: 0,
        text: '12,914',
      },
    ],
  };

  it('leads each row with the row number and each value with its column number', () => {
    expect(listTable(table)).toBe(
      [
        'Table t21 — Statements of Income (In millions)',
        'columns: col 0: 2025; col 1: 2024',
        'row 0: Revenue | [0] $130,497  [1] 60,922',
        'row 2: Expenses > R&D | [0] 12,914',
      ].join('\n'),
    );
    expect(listTable(table, 1).split('\n').at(-1)).toBe('… 1 more rows');
  });

  it('lists a table without positions by paths', () => {
    const plain: SandboxTable = { id: 'x', cells: [{ rowPath: ['A'], colPath: ['B'], value: 1 }] };
    expect(listTable(plain)).toBe('Table x\nA | B | 1');
  });
});
