import { describe, expect, it } from 'vitest';
import {
  clampPage,
  effectiveScale,
  fitWidthScale,
  stepZoom,
  zoomLabel,
} from '../../../renderer/features/document/pdf-zoom';

describe('PDF zoom', () => {
  it('fits a page to the view width, within 50%..400%', () => {
    expect(fitWidthScale(612, 612)).toBe(1);
    expect(fitWidthScale(918, 612)).toBe(1.5);
    expect(fitWidthScale(100, 612)).toBe(0.5);
    expect(fitWidthScale(10_000, 612)).toBe(4);
    expect(fitWidthScale(0, 612)).toBe(1);
  });

  it('steps up and down from any scale, fit width included', () => {
    expect(stepZoom(1, 1)).toBe(1.1);
    expect(stepZoom(1, -1)).toBe(0.9);
    expect(stepZoom(0.94, 1)).toBe(1);
    expect(stepZoom(0.94, -1)).toBe(0.9);
    expect(stepZoom(4, 1)).toBe(4);
    expect(stepZoom(0.5, -1)).toBe(0.5);
  });

  it('draws fit width at the view’s scale and a chosen zoom at its own', () => {
    expect(effectiveScale({ mode: 'fit' }, 0.94)).toBe(0.94);
    expect(effectiveScale({ mode: 'scale', scale: 1.5 }, 0.94)).toBe(1.5);
    expect(zoomLabel(0.937)).toBe('94%');
  });

  it('keeps a typed page number inside the document', () => {
    expect(clampPage('3', 14)).toBe(3);
    expect(clampPage('999', 14)).toBe(14);
    expect(clampPage('0', 14)).toBe(1);
    expect(clampPage('', 14)).toBeUndefined();
    expect(clampPage('abc', 14)).toBeUndefined();
  });
});
