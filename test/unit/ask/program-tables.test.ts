import { describe, expect, it } from 'vitest';
import { tablesForProgram } from '../../../main/ask/program-tables';
import type { SandboxTable } from '../../../shared/sandbox/types';

const tables: SandboxTable[] = ['t1', 't21', 't57'].map((id) => ({ id, cells: [] }));
const ids = (program: string) => tablesForProgram(program, tables).map((t) => t.id);

describe('tablesForProgram', () => {
  it('sends only the tables a program names as literals', () => {
    expect(
      ids(`function solution() { return cell('t57', 5, 0) / cell("t21", ['Revenue'], [0]); }`),
    ).toEqual(['t21', 't57']);
  });

  it('sends every table when ids are built at run time, none are named, or one does not exist', () => {
    expect(ids("function solution() { const id = 't' + 57; return cell(id, 0, 0); }")).toHaveLength(
      3,
    );
    expect(ids('function solution() { const n = 57; return cell(`t${n}`, 0, 0); }')).toHaveLength(
      3,
    );
    expect(ids('function solution() { return cell(pick(), 0, 0); }')).toHaveLength(3);
    expect(
      ids("function solution() { return cell('t57', 0, 0) + cell('t99', 0, 0); }"),
    ).toHaveLength(3);
  });

  it('an identifier or a longer string is not a table id', () => {
    expect(
      ids("function solution() { const t21 = 'at t21 row'; return cell('t1', 0, 0); }"),
    ).toEqual(['t1']);
  });

  it('a program that names no table helper (it reads facts, or nothing) gets no tables', () => {
    expect(ids('function solution() { return 1; }')).toEqual([]);
    expect(
      ids(
        "function solution() { return fact('Revenues', 'FY2024').value / fact('Revenues', 'FY2023').value; }",
      ),
    ).toEqual([]);
    expect(ids("function solution() { return table('t21').cells.length; }")).toEqual(['t21']);
  });
});
