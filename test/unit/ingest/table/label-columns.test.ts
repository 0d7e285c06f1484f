import { describe, expect, it } from 'vitest';
import { parseCellValue } from '../../../../main/ingest/table/cell-value';
import { labelColumnGroups, type LabelLine } from '../../../../main/ingest/table/label-columns';
import { amountsOf } from '../../../../main/ingest/table/row-sums';

/** A line labelled in columns 0 and 1 ("" leaves one blank) with values from column 3 on. */
const line = (first: string, second: string, ...values: string[]): LabelLine => ({
  parts: [
    ...(first === '' ? [] : [{ col: 0, text: first }]),
    ...(second === '' ? [] : [{ col: 1, text: second }]),
  ],
  hasValues: values.length > 0,
  amounts: amountsOf(values.map((text, i) => ({ col: 3 + i, text, parsed: parseCellValue(text) }))),
});
const named = (groups: ReturnType<typeof labelColumnGroups>) =>
  groups.map((g) => (g === null ? null : `${g.parent} > ${g.child}`));

describe('labelColumnGroups', () => {
  it('groups a product written once over its regions, its Total included', () => {
    const lines = [
      line('Immunology', ''),
      line('Humira', 'United States', '7,614', '12,468'),
      line('', 'International', '1,379', '1,734'),
      line('', 'Total', '8,993', '14,202'),
      line('Skyrizi', 'United States', '4,992', '3,382'),
      line('', 'International', '770', '575'),
      line('', 'Total', '5,762', '3,957'),
      line('Total Immunology', '', '14,755', '18,159'),
    ];
    expect(named(labelColumnGroups(lines))).toEqual([
      null,
      'Humira > United States',
      'Humira > International',
      'Humira > Total',
      'Skyrizi > United States',
      'Skyrizi > International',
      'Skyrizi > Total',
      null,
    ]);
  });

  it('groups a repeated first column, and a product on one row once the table shows groups', () => {
    const lines = [
      line('United Kingdom', '2011', '6,401', '4,424'),
      line('', '2010', '101', '5,544'),
      line('Japan', '2011', '4,603', '10,383'),
    ];
    expect(named(labelColumnGroups(lines))).toEqual([
      'United Kingdom > 2011',
      'United Kingdom > 2010',
      'Japan > 2011',
    ]);
    const repeated = [line('Aarti Shah', 'Termination', '1'), line('Aarti Shah', 'Adoption', '2')];
    expect(named(labelColumnGroups(repeated))).toEqual([
      'Aarti Shah > Termination',
      'Aarti Shah > Adoption',
    ]);
  });

  it('drops a group whose rows the sums place outside it', () => {
    // Alphabet: "Net of income tax" 1,706 = 2,046 + 6 − 346 sums back past "Interest rate
    // contracts" to "Foreign exchange contracts": the second column is no level under it
    const lines = [
      line('Foreign exchange contracts', 'Revenue', '2,046', '213', '174'),
      line('Interest rate contracts', 'Other income (expense), net', '6', '6', '1'),
      line('', 'Benefit (provision) for income taxes', '(346)', '(5)', '(9)'),
      line('', 'Net of income tax', '1,706', '214', '166'),
    ];
    expect(named(labelColumnGroups(lines))).toEqual([null, null, null, null]);
    // a product's "Total" that is not its rows' sum is no product total either
    const wrong = [line('Humira', 'United States', '7,614'), line('', 'Total', '9,999')];
    expect(named(labelColumnGroups(wrong))).toEqual([null, null]);
  });

  it('leaves tables with one label column, or a second column never continued, alone', () => {
    const attribute = [
      line('Domestic–state', '2039', '57,299'),
      line('Foreign', '2039 or indefinite', '565,609'),
    ];
    expect(named(labelColumnGroups(attribute))).toEqual([null, null]);
    expect(named(labelColumnGroups([line('Revenue', '', '10'), line('Cost', '', '4')]))).toEqual([
      null,
      null,
    ]);
  });
});
