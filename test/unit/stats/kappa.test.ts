import { describe, expect, it } from 'vitest';
import { cohenKappa, fleissKappa, percentAgreement } from '../../../shared/stats/kappa';

const rep = (n: number, label: string): string[] => Array<string>(n).fill(label);

describe("Cohen's and Fleiss' kappa", () => {
  it("Cohen's kappa matches a worked example", () => {
    // Wikipedia's example: 50 items, yes/yes 20, yes/no 5, no/yes 10, no/no 15 → κ = 0.4.
    const a = [...rep(20, 'y'), ...rep(5, 'y'), ...rep(10, 'n'), ...rep(15, 'n')];
    const b = [...rep(20, 'y'), ...rep(5, 'n'), ...rep(10, 'y'), ...rep(15, 'n')];
    expect(percentAgreement(a, b)).toBeCloseTo(0.7, 12);
    expect(cohenKappa(a, b)).toBeCloseTo(0.4, 12);
  });

  it('is 1 for perfect agreement, null when chance agreement is total, and refuses unequal lengths', () => {
    expect(cohenKappa([true, false, true], [true, false, true])).toBe(1);
    expect(cohenKappa([true, true], [true, true])).toBeNull();
    expect(cohenKappa([], [])).toBeNull();
    expect(() => cohenKappa([true], [true, false])).toThrow(RangeError);
  });

  it("Fleiss' kappa matches the worked example (Fleiss 1971 via Wikipedia: κ ≈ 0.210)", () => {
    // 10 items, 14 raters, 5 categories; counts per item and category.
    const counts = [
      [0, 0, 0, 0, 14],
      [0, 2, 6, 4, 2],
      [0, 0, 3, 5, 6],
      [0, 3, 9, 2, 0],
      [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0],
      [3, 2, 6, 3, 0],
      [2, 5, 3, 2, 2],
      [6, 5, 2, 1, 0],
      [0, 2, 2, 3, 7],
    ];
    const ratings = counts.map((row) => row.flatMap((k, cat) => Array<number>(k).fill(cat)));
    expect(fleissKappa(ratings)).toBeCloseTo(0.20993, 4);
  });

  it("Fleiss' kappa for two raters is close to Cohen's and null without variation", () => {
    const a = [true, true, false, false, true, false];
    const b = [true, false, false, false, true, true];
    const f = fleissKappa(a.map((x, i) => [x, b[i] as boolean]));
    expect(f).not.toBeNull();
    expect(Math.abs((f as number) - (cohenKappa(a, b) as number))).toBeLessThan(0.1);
    expect(
      fleissKappa([
        [true, true],
        [true, true],
      ]),
    ).toBeNull();
    expect(() => fleissKappa([[true], [false]])).toThrow(RangeError);
    expect(() => fleissKappa([[true, true], [true]])).toThrow(RangeError);
  });
});
